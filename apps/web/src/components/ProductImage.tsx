import { hasSizedCopies, imageHeight, sizedSrcset } from '@proshop/domain/product-image';
import { useState, type CSSProperties, type ImgHTMLAttributes } from 'react';

type ProductImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'
> & {
  /** The product's `image`: the full picture's address. */
  image: string;
  alt: string;
  /** The width it is laid out at, in CSS pixels: reserves its space before it loads. */
  width: number;
  /** Defaults to the 5:4 frame every sized copy has. */
  height?: number;
  /** The `sizes` attribute: how wide it is shown at each screen width, so that the browser
   * loads the smallest sized copy that is still sharp on that screen. */
  sizes: string;
};

/**
 * Shows the picture whole in a 5:4 frame, whatever its own shape, so the page never jumps. Decided
 * once for every shape: contained on the backdrop colour (theme.css), never cropped, so a tall
 * bottle or a wide sofa is seen whole and the margins read as the frame, not as bands.
 */
const FRAME: CSSProperties = {
  height: 'auto',
  aspectRatio: '5 / 4',
  objectFit: 'contain',
  backgroundColor: 'var(--ps-picture-backdrop)',
};

/**
 * A product picture at the size shown: the sized copies the shop made of its own pictures
 * (demo pictures, uploads) are offered by width; a picture linked from elsewhere is used as is.
 */
export function ProductImage({
  image,
  alt,
  width,
  height = imageHeight(width),
  sizes,
  style,
  onError,
  ...rest
}: ProductImageProps) {
  // A picture uploaded before sized copies were made (or copied over without them) has none:
  // when a copy fails to load, the full picture is shown instead of a broken one.
  const [copyFailed, setCopyFailed] = useState<string>();
  const sized = hasSizedCopies(image) && copyFailed !== image;
  return (
    <img
      // A new element for the full picture: a browser may keep the failed copy's broken state.
      key={sized ? 'sized' : 'full'}
      src={image}
      srcSet={sized ? sizedSrcset(image) : undefined}
      sizes={sized ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      style={{ ...FRAME, ...style }}
      onError={(event) => {
        if (sized) setCopyFailed(image);
        onError?.(event);
      }}
      {...rest}
    />
  );
}
