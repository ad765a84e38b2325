// A shipping step filled in as a shopper in Boise would, for the checkout's tests.
export const FILLED_SHIPPING = {
  email: 'ann@example.com',
  phone: '208-555-0142',
  firstName: 'Ann',
  lastName: 'Lee',
  street: '12 Meadow Lane',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  shippingMethod: 'express',
}
