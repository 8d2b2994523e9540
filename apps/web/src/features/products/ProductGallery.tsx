import { PICTURE_SIZES } from '@proshop/domain/product-image';
import {
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ProductImage } from '../../components/ProductImage.tsx';

const THUMB_WIDTH = 64;
/** A horizontal move of the finger (or mouse) this long, in CSS pixels, turns the picture. */
const SWIPE_PX = 40;

/** Vertical scrolling stays the browser's; horizontal moves are the gallery's swipes. */
const SWIPE_AREA: CSSProperties = { touchAction: 'pan-y', cursor: 'zoom-in' };
const THUMB: CSSProperties = { width: THUMB_WIDTH + 8, lineHeight: 0 };
/** The larger view shows the full picture (up to 1200 pixels), whole, within the screen. */
const LARGE: CSSProperties = { maxHeight: '75vh', objectFit: 'contain' };

/** The picture a key turns to, from `index` of `count`; undefined for other keys. */
function pictureForKey(key: string, index: number, count: number): number | undefined {
  const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[key];
  return next === undefined ? undefined : (next + count) % count;
}

const pictureName = (index: number, count: number) => `Picture ${index + 1} of ${count}`;

interface ProductGalleryProps {
  /** The product's pictures, the main one first. */
  images: readonly string[];
  /** The product's name: what the pictures show. */
  name: string;
  /**
   * A picture to show, one of `images`, turned to whenever it changes (the variant chosen on the
   * product page); undefined leaves the shopper's own choice of picture alone.
   */
  picture?: string | undefined;
}

/** Where `picture` is among `images`; undefined when it is not one of them. */
function placeOf(images: readonly string[], picture: string | undefined): number | undefined {
  const index = picture === undefined ? -1 : images.indexOf(picture);
  return index === -1 ? undefined : index;
}

/**
 * The product page's pictures: the one shown, thumbnails to choose another, the arrow keys and
 * swipes to turn them, and a larger view. The first picture is the page's largest element as it
 * opens: it is fetched first and nothing waits for the others.
 */
export function ProductGallery({ images, name, picture }: ProductGalleryProps) {
  // The picture shown as the page opens (a shared link's variant's) is the one fetched first.
  const [first] = useState(() => placeOf(images, picture) ?? 0);
  const [index, setIndex] = useState(first);
  const [followed, setFollowed] = useState(picture);
  if (picture !== followed) {
    // Adjusted while rendering rather than in an effect: the new picture shows at once.
    setFollowed(picture);
    const place = placeOf(images, picture);
    if (place !== undefined) setIndex(place);
  }
  const [enlarged, setEnlarged] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ x: number; moved: boolean } | null>(null);
  const count = images.length;
  const several = count > 1;
  const image = images[index] ?? images[0] ?? '';
  const alt = several ? `${name}, ${pictureName(index, count).toLowerCase()}` : name;

  function show(next: number) {
    setIndex((next + count) % count);
  }

  /** Left, right, Home and End anywhere in the gallery; a focused thumbnail follows the picture. */
  function handleKey(event: KeyboardEvent<HTMLElement>) {
    const next = several && !enlarged ? pictureForKey(event.key, index, count) : undefined;
    if (next === undefined) return;
    event.preventDefault();
    show(next);
    if (thumbnails.current.includes(event.target as HTMLButtonElement)) {
      thumbnails.current[next]?.focus();
    }
  }

  // The larger view is a dialog outside the gallery's elements: it takes the keys while open,
  // from the moment it shows. A passive effect would listen only after the next frame, which a
  // busy machine draws late: a key pressed before it was lost. The turn reads the picture shown
  // when it runs, so two keys before a render turn twice.
  useLayoutEffect(() => {
    if (!enlarged || !several) return;
    const turn = (event: globalThis.KeyboardEvent) => {
      if (pictureForKey(event.key, 0, count) === undefined) return;
      event.preventDefault();
      setIndex((shown) => pictureForKey(event.key, shown, count) ?? shown);
    };
    document.addEventListener('keydown', turn);
    return () => document.removeEventListener('keydown', turn);
  }, [enlarged, several, count]);

  function handlePointerDown(event: PointerEvent<HTMLElement>) {
    swipe.current = { x: event.clientX, moved: false };
  }

  function handlePointerUp(event: PointerEvent<HTMLElement>) {
    const start = swipe.current;
    if (!start) return;
    const distance = event.clientX - start.x;
    if (several && Math.abs(distance) >= SWIPE_PX) {
      start.moved = true;
      show(index + (distance < 0 ? 1 : -1));
    }
  }

  function handleClick() {
    // The click that ends a swipe does not open the larger view.
    const swiped = swipe.current?.moved;
    swipe.current = null;
    if (!swiped) setEnlarged(true);
  }

  return (
    <div role="group" aria-label={`Pictures of ${name}`} onKeyDown={handleKey}>
      <div
        className="position-relative"
        style={SWIPE_AREA}
        onPointerDown={handlePointerDown}
        onPointerUp={handlePointerUp}
        onPointerCancel={() => (swipe.current = null)}
        onClick={handleClick}
      >
        <ProductImage
          // A new element per picture: the old one is not shown while the next one loads.
          key={image}
          image={image}
          alt={alt}
          width={640}
          sizes={PICTURE_SIZES.product}
          // The largest thing on the page as it opens: fetched before anything else.
          fetchPriority={index === first ? 'high' : 'auto'}
          className="img-fluid rounded"
          draggable={false}
        />
        <Button
          variant="light"
          size="sm"
          className="position-absolute bottom-0 end-0 m-2 border"
          aria-label={
            several ? `Larger view of ${pictureName(index, count).toLowerCase()}` : 'Larger view'
          }
          // The button opens the view itself; the area's click would open it a second time.
          onClick={(event) => {
            event.stopPropagation();
            setEnlarged(true);
          }}
        >
          Larger view
        </Button>
      </div>
      {several && (
        <>
          <p className="visually-hidden" aria-live="polite">
            {pictureName(index, count)}
          </p>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
            {images.map((picture, i) => (
              <li key={picture}>
                <button
                  type="button"
                  ref={(element) => {
                    thumbnails.current[i] = element;
                  }}
                  className={`btn p-1 ${i === index ? 'border-dark' : 'border-light'}`}
                  style={THUMB}
                  aria-label={pictureName(i, count)}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => show(i)}
                >
                  <ProductImage
                    image={picture}
                    alt=""
                    width={THUMB_WIDTH}
                    sizes={`${THUMB_WIDTH}px`}
                    loading="lazy"
                    className="rounded"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Modal
        show={enlarged}
        onHide={() => setEnlarged(false)}
        size="xl"
        centered
        aria-labelledby="product-gallery-title"
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" id="product-gallery-title" className="fs-5">
            {name}
            {several && (
              <span className="text-muted fw-normal"> · {pictureName(index, count)}</span>
            )}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          <img key={image} src={image} alt={alt} className="img-fluid" style={LARGE} />
        </Modal.Body>
        {several && (
          <Modal.Footer className="justify-content-between">
            <Button variant="light" onClick={() => show(index - 1)}>
              Previous picture
            </Button>
            <Button variant="light" onClick={() => show(index + 1)}>
              Next picture
            </Button>
          </Modal.Footer>
        )}
      </Modal>
    </div>
  );
}
