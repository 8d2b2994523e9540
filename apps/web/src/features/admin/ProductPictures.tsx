import { isImageAddress } from '@proshop/domain/image-address';
import { MAX_PRODUCT_IMAGES } from '@proshop/domain/product-schemas';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type DragEvent,
  type SetStateAction,
} from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useDispatch, useStore } from 'react-redux';
import { Message } from '../../components/Message.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { sessionToken } from '../../state/session-base-query.ts';
import { sessionEnded } from '../../state/session-slice.ts';
import { moved, roomFor, withMainAddress, without, withPictures } from './picture-list.ts';
import { uploadPicture } from './upload-picture.ts';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
const THUMB_WIDTH = 112;
const FULL = `A product can have at most ${MAX_PRODUCT_IMAGES} pictures`;

interface PendingUpload {
  id: number;
  name: string;
  /** 0 to 1. */
  progress: number;
}

/** Which button has the focus once a change is shown: the same one, on the picture it moved. */
interface FocusAfter {
  picture: string;
  action: 'left' | 'right' | 'remove';
}

interface ProductPicturesProps {
  /** The product's pictures, the main one first: what the form sends as `images`. */
  pictures: string[];
  setPictures: Dispatch<SetStateAction<string[]>>;
  /** Told whether uploads are under way: the form is not sent before they end. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The pictures of the product edit form: the spec's "Image" field (the main picture's address)
 * and "Upload an image" (now one or several files, each with its progress), the pictures in
 * order to rearrange by dragging or with their buttons, make the main one or remove, and a
 * picture added by its address.
 */
export function ProductPictures({
  pictures,
  setPictures,
  onUploadingChange,
}: ProductPicturesProps) {
  const store = useStore();
  const dispatch = useDispatch();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number>();
  const list = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<FocusAfter>(undefined);
  const nextUploadId = useRef(0);

  useEffect(() => onUploadingChange(pending.length > 0), [pending.length, onUploadingChange]);

  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || !list.current) return;
    focusAfter.current = undefined;
    const item = [...list.current.children].find(
      (element) => element.getAttribute('data-picture') === wanted.picture,
    );
    const buttons = [...(item?.querySelectorAll('button') ?? [])].filter((b) => !b.disabled);
    // At either end a move button is disabled: the other one takes the focus.
    const other = { left: 'right', right: 'left', remove: 'remove' }[wanted.action];
    const button = (action: string) => buttons.find((b) => b.dataset.action === action);
    (button(wanted.action) ?? button(other) ?? buttons[0])?.focus();
  }, [pictures]);

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Emptied, so that choosing the same file again is a change too.
    input.value = '';
    if (files.length === 0) return;
    const room = Math.max(0, roomFor(pictures) - pending.length);
    const accepted = files.slice(0, room);
    const left = files.length - accepted.length;
    setProblems(
      left > 0
        ? [`${FULL}: ${left === 1 ? '1 file was' : `${left} files were`} not uploaded.`]
        : [],
    );
    const token = sessionToken(store.getState());
    const uploads = accepted.map((file) => {
      const id = ++nextUploadId.current;
      setPending((current) => [...current, { id, name: file.name, progress: 0 }]);
      const outcome = uploadPicture(file, token, (progress) =>
        setPending((current) => current.map((u) => (u.id === id ? { ...u, progress } : u))),
      );
      return { id, file, outcome };
    });
    // Added in the order chosen, each as soon as it and those chosen before it are stored.
    for (const upload of uploads) {
      const outcome = await upload.outcome;
      setPending((current) => current.filter((u) => u.id !== upload.id));
      if ('image' in outcome) {
        setPictures((current) => withPictures(current, [outcome.image]));
        setAnnouncement(`${upload.file.name} uploaded`);
        continue;
      }
      if (outcome.error.status === 401 && token && sessionToken(store.getState()) === token) {
        dispatch(sessionEnded());
      }
      setProblems((current) => [...current, `${upload.file.name}: ${errorMessage(outcome.error)}`]);
    }
  }

  /** Moves a picture; with `action`, that button of the picture keeps the focus. */
  function move(from: number, to: number, action?: FocusAfter['action']) {
    const picture = pictures[from];
    if (picture === undefined || to < 0 || to >= pictures.length) return;
    if (action) focusAfter.current = { picture, action };
    setPictures(moved(pictures, from, to));
    setAnnouncement(
      to === 0
        ? 'Picture made the main picture'
        : `Picture moved to place ${to + 1} of ${pictures.length}`,
    );
  }

  function remove(index: number) {
    const next = pictures[index + 1] ?? pictures[index - 1];
    if (next !== undefined) focusAfter.current = { picture: next, action: 'remove' };
    setPictures(without(pictures, index));
    setAnnouncement('Picture removed');
  }

  function addAddress() {
    const wanted = address.trim();
    if (!isImageAddress(wanted)) {
      setAddressError('Enter a path such as /uploads/photo.webp or an http(s) address');
    } else if (pictures.includes(wanted)) {
      setAddressError('The product has this picture already');
    } else if (roomFor(pictures) - pending.length <= 0) {
      setAddressError(`${FULL}.`);
    } else {
      setAddressError(undefined);
      setAddress('');
      setPictures((current) => withPictures(current, [wanted]));
      setAnnouncement('Picture added');
    }
  }

  function handleDrop(event: DragEvent<HTMLElement>, to: number) {
    event.preventDefault();
    const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
    setDragged(undefined);
    if (Number.isInteger(from) && from !== to) move(from, to);
  }

  const last = pictures.length - 1;
  return (
    <>
      <TextField
        controlId="product-image"
        label="Image"
        value={pictures[0] ?? ''}
        onChange={(text) => setPictures((current) => withMainAddress(current, text))}
      />
      <Form.Group className="mb-3" controlId="product-image-file">
        <Form.Label>Upload an image</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void handleFiles(event)}
        />
        <Form.Text>
          One or several JPEG, PNG, WebP or GIF files of at most 5 MB; up to {MAX_PRODUCT_IMAGES}{' '}
          pictures, the first is the main one.
        </Form.Text>
        {pending.map((upload) => {
          const percent = Math.round(upload.progress * 100);
          return (
            <div key={upload.id} className="mt-2">
              <div className="small text-truncate">{upload.name}</div>
              <div
                className="progress"
                role="progressbar"
                aria-label={`Uploading ${upload.name}`}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="progress-bar" style={{ width: `${percent}%` }}>
                  {percent}%
                </div>
              </div>
            </div>
          );
        })}
        {problems.length > 0 && (
          <div className="mt-2">
            <Message variant="danger">
              {problems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Message>
          </div>
        )}
      </Form.Group>

      <section className="mb-3" aria-labelledby="product-pictures-title">
        <h2 id="product-pictures-title" className="form-label fs-6 fw-normal">
          Pictures ({pictures.length} of {MAX_PRODUCT_IMAGES}): drag them, or use their buttons, to
          change the order
        </h2>
        <ol ref={list} className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {pictures.map((picture, i) => (
            <li
              key={picture || `empty-${i}`}
              data-picture={picture}
              aria-label={`Picture ${i + 1} of ${pictures.length}${i === 0 ? ', the main picture' : ''}`}
              className={`card p-1${dragged === i ? ' opacity-50' : ''}`}
              style={{ width: THUMB_WIDTH + 10 }}
              draggable
              onDragStart={(event) => {
                setDragged(i);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(i));
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(event) => handleDrop(event, i)}
              onDragEnd={() => setDragged(undefined)}
            >
              {picture ? (
                <ProductImage
                  image={picture}
                  alt={`Picture ${i + 1}`}
                  width={THUMB_WIDTH}
                  sizes={`${THUMB_WIDTH}px`}
                  className="rounded"
                  draggable={false}
                />
              ) : (
                <div className="small text-muted text-center py-4">No address</div>
              )}
              <div
                className="small d-flex align-items-center justify-content-center my-1"
                style={{ minHeight: '1.75rem' }}
              >
                {i === 0 ? (
                  <span className="badge bg-dark">Main picture</span>
                ) : (
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0"
                    aria-label={`Make picture ${i + 1} the main picture`}
                    onClick={() => move(i, 0, 'right')}
                  >
                    Make main
                  </Button>
                )}
              </div>
              <div className="d-flex justify-content-between gap-1">
                <Button
                  variant="light"
                  size="sm"
                  data-action="left"
                  title="Move left"
                  aria-label={`Move picture ${i + 1} left`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1, 'left')}
                >
                  ←
                </Button>
                <Button
                  variant="light"
                  size="sm"
                  data-action="right"
                  title="Move right"
                  aria-label={`Move picture ${i + 1} right`}
                  disabled={i === last}
                  onClick={() => move(i, i + 1, 'right')}
                >
                  →
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  data-action="remove"
                  title="Remove"
                  aria-label={`Remove picture ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  ✕
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {pictures.length === 0 && (
          <p className="text-muted small mb-0">
            No pictures: a product needs at least one. Upload one or add one by its address.
          </p>
        )}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>

      <Form.Group className="mb-3" controlId="product-picture-address">
        <Form.Label>Add a picture by its address</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            value={address}
            placeholder="/uploads/photo.webp or https://..."
            isInvalid={addressError !== undefined}
            aria-describedby={addressError ? 'product-picture-address-error' : undefined}
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the picture rather than sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                addAddress();
              }
            }}
          />
          <Button variant="outline-dark" onClick={addAddress}>
            Add picture
          </Button>
          {addressError && (
            <Form.Control.Feedback id="product-picture-address-error" type="invalid">
              {addressError}
            </Form.Control.Feedback>
          )}
        </InputGroup>
      </Form.Group>
    </>
  );
}
