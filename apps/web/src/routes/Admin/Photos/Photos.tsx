import { IMAGE_RESET, RESET_IMAGE_CONFIRM } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';
import { PLANT_SEARCH_KEYS } from '../shared/catalog/fuzzy';
import { ProductModal } from '../shared/catalog/ProductModal';
import { idAndNameColumns, ProductTable } from '../shared/catalog/ProductTable';
import type { AdminProduct } from '../shared/catalog/types';
import { useReloadCatalog } from '../shared/catalog/useAdminProducts';
import { CropImageModal } from './CropImageModal';
import { FlickrUploadModal } from './FlickrUploadModal';
import '../shared/catalog/catalog.css';
import { confirm } from '../../../components/ConfirmDialog';
import { SmallButton } from '../../../components/SmallButton';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';

/** Freely licensed photos of the plant on the photo service the import reads from (CC and public-domain licences). */
function photoSearchUrl(product: AdminProduct): string {
  const text = product.species || product.name;
  return `https://www.flickr.com/search/?text=${encodeURIComponent(text)}&license=1%2C2%2C3%2C4%2C5%2C6%2C9%2C10`;
}

/**
 * The spec's upload progress: three counters starting at 1, each raised by a successful upload,
 * crop or reset. They are not keys of the modals: remounting a modal the moment it succeeds cut its
 * closing short and lost the focus it hands back; the modals clear their own forms once closed.
 */
interface UploadCounters {
  uploadFlickrIndex: number;
  uploadCropIndex: number;
  resetImageIndex: number;
}

const check = (yes: boolean, what: string) =>
  yes ? (
    <span title={what}>
      <span aria-hidden="true">✔</span>
      <span className="sr-only">yes</span>
    </span>
  ) : (
    <span className="sr-only">no</span>
  );

/** Drawn rather than an emoji, so it shows the same on every machine, fonts or not. */
function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M6 1h4l1 1h3v2H2V2h3l1-1zM3 5h10l-.8 9.1A1 1 0 0 1 11.2 15H4.8a1 1 0 0 1-1-.9L3 5zm3 2v6h1.2V7H6zm2.8 0v6H10V7H8.8z" />
    </svg>
  );
}

/**
 * What a row's buttons need from the screen, read from context so the column definitions never
 * change: new cell functions would remount every cell and destroy the focused button, so a closed
 * modal could not hand focus back to it.
 */
interface PhotoActions {
  resettingId: number | null;
  upload: (product: AdminProduct) => void;
  crop: (product: AdminProduct) => void;
  reset: (product: AdminProduct) => void;
}
const PhotoActionsContext = createContext<PhotoActions | null>(null);

function PhotoActionsCell({ product: p }: { product: AdminProduct }) {
  const actions = useContext(PhotoActionsContext);
  if (!actions) throw new Error('Photo row cells render inside the photos table only');
  const resetting = actions.resettingId === p.productId;
  return (
    <div className="action-buttons">
      <SmallButton tone="primary" onClick={() => actions.upload(p)} aria-label={`Change image of ${p.name}`}>
        Change Image
      </SmallButton>
      <SmallButton
        tone="info"
        onClick={() => actions.crop(p)}
        disabled={!p.fullSizeImageUrl}
        aria-label={`Crop image of ${p.name}`}
      >
        Crop Image
      </SmallButton>
      <SmallButton
        tone="danger"
        className="btn-icon"
        disabled={!p.fullSizeImageUrl || resetting}
        aria-label={`Reset image of ${p.name}`}
        title="Reset"
        onClick={() => actions.reset(p)}
      >
        {resetting ? <span className="spinner" aria-hidden="true" /> : <TrashIcon />}
      </SmallButton>
    </div>
  );
}

export function AdminPhotos() {
  const reloadCatalog = useReloadCatalog();
  const [uploadFor, setUploadFor] = useState<AdminProduct | null>(null);
  const [cropFor, setCropFor] = useState<AdminProduct | null>(null);
  const [adding, setAdding] = useState(false);
  const [counters, setCounters] = useState<UploadCounters>({
    uploadFlickrIndex: 1,
    uploadCropIndex: 1,
    resetImageIndex: 1,
  });
  const bump = (key: keyof UploadCounters) => setCounters((c) => ({ ...c, [key]: c[key] + 1 }));

  const reset = useMutation(
    trpc.photos.reset.mutationOptions({
      onSuccess: () => {
        notify.success(IMAGE_RESET);
        bump('resetImageIndex');
        void reloadCatalog();
      },
      onError: showApiFailure,
    }),
  );

  const columns = useMemo<ColumnDef<AdminProduct>[]>(
    () => [
      ...idAndNameColumns((p) => (
        <a href={photoSearchUrl(p)} target="_blank" rel="noopener noreferrer">
          {p.displayNameAndSize}
        </a>
      )),
      {
        id: 'image',
        header: 'Image',
        enableSorting: false,
        cell: ({ row }) => {
          const p = row.original;
          if (!p.fullSizeImageUrl) return <span className="text-muted">No image</span>;
          return (
            <div className="row-gap">
              {p.thumbnailImageUrl ? <img className="photo-thumb" src={p.thumbnailImageUrl} alt="" /> : null}
              <div>
                <a href={p.fullSizeImageUrl} target="_blank" rel="noopener noreferrer">
                  Full size
                </a>
                {p.productImageCropped && p.croppedImageUrl ? (
                  <>
                    {' · '}
                    <a href={p.croppedImageUrl} target="_blank" rel="noopener noreferrer">
                      Cropped
                    </a>
                  </>
                ) : null}
                {p.photoOwner ? <div className="text-muted">by {p.photoOwner}</div> : null}
              </div>
            </div>
          );
        },
      },
      {
        id: 'uploaded',
        header: 'Uploaded',
        accessorKey: 'productImageUploaded',
        cell: ({ row }) => check(row.original.productImageUploaded, 'Uploaded'),
        meta: { className: 'text-center' },
      },
      {
        id: 'cropped',
        header: 'Cropped',
        accessorKey: 'productImageCropped',
        cell: ({ row }) => check(row.original.productImageCropped, 'Cropped'),
        meta: { className: 'text-center' },
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => <PhotoActionsCell product={row.original} />,
      },
    ],
    [],
  );

  const { mutate: mutateReset, isPending: resetPending, variables: resetVariables } = reset;
  const photoActions = useMemo<PhotoActions>(
    () => ({
      resettingId:
        resetPending && typeof resetVariables?.productId === 'number' ? resetVariables.productId : null,
      upload: setUploadFor,
      crop: setCropFor,
      reset: async (product) => {
        if (await confirm(RESET_IMAGE_CONFIRM, { tone: 'danger', confirmText: 'Reset' })) {
          mutateReset({ productId: product.productId });
        }
      },
    }),
    [resetPending, resetVariables, mutateReset],
  );

  return (
    <section
      data-upload-flickr-index={counters.uploadFlickrIndex}
      data-upload-crop-index={counters.uploadCropIndex}
      data-reset-image-index={counters.resetImageIndex}
    >
      <h1>Product Photos - Admin</h1>
      <PhotoActionsContext value={photoActions}>
        <ProductTable
          columns={columns}
          searchKeys={PLANT_SEARCH_KEYS}
          onAdd={() => setAdding(true)}
          emptyText="No products yet."
          caption="Product photos"
          testId="admin-photos-table"
        />
      </PhotoActionsContext>
      <FlickrUploadModal
        product={uploadFor}
        onClose={() => setUploadFor(null)}
        onUploaded={() => {
          bump('uploadFlickrIndex');
          void reloadCatalog();
        }}
      />
      <CropImageModal
        product={cropFor}
        onClose={() => setCropFor(null)}
        onCropped={() => {
          bump('uploadCropIndex');
          void reloadCatalog();
        }}
      />
      <ProductModal open={adding} product={null} onClose={() => setAdding(false)} />
    </section>
  );
}
