import type { Migration } from 'kysely'
import * as m0001 from './0001-initial'
import * as m0002 from './0002-reference-data'
import * as m0003 from './0003-email-outbox-claims'
import * as m0004 from './0004-image-sources'
import * as m0005 from './0005-order-counter'
import * as m0006 from './0006-admin'
import * as m0007 from './0007-change-notices'
import * as m0008 from './0008-fulfilment'
import * as m0009 from './0009-policies'
import * as m0010 from './0010-list-indexes'
import * as m0011 from './0011-product-search'
import * as m0012 from './0012-admin-search'
import * as m0013 from './0013-page-change-notices'
import * as m0014 from './0014-stock-holds'
import * as m0015 from './0015-weight-pricing'
import * as m0016 from './0016-beef-shares'
import * as m0017 from './0017-subscriptions'
import * as m0018 from './0018-product-images'
import * as m0019 from './0019-page-heroes'
import * as m0020 from './0020-health-probe'
import * as m0021 from './0021-renewal-payment-key'
import * as m0022 from './0022-order-holds'
import * as m0023 from './0023-cart-idle-index'
import * as m0024 from './0024-share-pickup-and-tax'

// Listed, not read from disk, so the bundled production server carries them. Forward only:
// never edit a migration that has shipped; add the next number.
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-reference-data': m0002,
  '0003-email-outbox-claims': m0003,
  '0004-image-sources': m0004,
  '0005-order-counter': m0005,
  '0006-admin': m0006,
  '0007-change-notices': m0007,
  '0008-fulfilment': m0008,
  '0009-policies': m0009,
  '0010-list-indexes': m0010,
  '0011-product-search': m0011,
  '0012-admin-search': m0012,
  '0013-page-change-notices': m0013,
  '0014-stock-holds': m0014,
  '0015-weight-pricing': m0015,
  '0016-beef-shares': m0016,
  '0017-subscriptions': m0017,
  '0018-product-images': m0018,
  '0019-page-heroes': m0019,
  '0020-health-probe': m0020,
  '0021-renewal-payment-key': m0021,
  '0022-order-holds': m0022,
  '0023-cart-idle-index': m0023,
  '0024-share-pickup-and-tax': m0024,
}
