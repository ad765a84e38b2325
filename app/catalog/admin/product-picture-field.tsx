import { PictureUploadField } from '~/platform/admin/ui/picture-upload-field'
import { ResponsiveImage } from '~/platform/ui/responsive-image'

// The product form's cover picture: the one shown now, and a new one to upload.

export function PictureField({
  current,
  uploaded,
  productName,
  error,
}: {
  current: string | null
  uploaded: string | null
  productName: string
  error?: string
}) {
  const shown = uploaded ?? current
  return (
    <section className="grid gap-4 rounded-lg border border-earth-100 bg-white p-5 sm:grid-cols-[12rem_1fr]">
      <h2 className="font-display text-lg font-bold text-ink sm:col-span-2">Picture</h2>
      {shown ? (
        <div className="w-48">
          <ResponsiveImage
            src={shown}
            alt={productName ? `Picture of ${productName}` : 'Product picture'}
            width={192}
            height={144}
            sizes="192px"
            className="h-36 w-48 rounded object-cover"
          />
          <p className="mt-1 text-xs text-muted">
            {uploaded ? 'New picture, saved with the product.' : 'Current picture.'}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted">No picture yet.</p>
      )}
      <div>
        {uploaded ? <input type="hidden" name="uploadedImage" value={uploaded} /> : null}
        <PictureUploadField
          label={shown ? 'Choose a new picture' : 'Choose a picture'}
          hint={`JPEG, PNG, WebP or AVIF, up to 20 MB; the shop resizes it.${shown ? ' Leave empty to keep the picture shown.' : ''}`}
          error={error}
        />
      </div>
    </section>
  )
}
