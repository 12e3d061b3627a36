import { IMAGE_UPLOADED } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { SaveFooter } from '../../../components/ModalFooters';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { AdminProduct } from '../shared/catalog/types';
import { parseFlickrEmbed } from './flickrEmbed';

/** 'Flickr Upload': staff paste the photo's embed code; the server fetches and stores the image. */
export function FlickrUploadModal({
  product,
  onClose,
  onUploaded,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const upload = useMutation(
    trpc.photos.uploadFlickr.mutationOptions({
      onSuccess: () => {
        notify.success(IMAGE_UPLOADED);
        onUploaded();
        onClose();
      },
      onError: showApiFailure,
    }),
  );
  const submit = () => {
    if (!product || upload.isPending) return;
    const parsed = parseFlickrEmbed(code);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    upload.mutate({ productId: product.productId, ...parsed });
  };
  return (
    <Modal
      open={product !== null}
      onClose={onClose}
      canClose={!upload.isPending}
      // Each opening starts empty: code pasted for one product never turns up for the next.
      onExited={() => {
        setCode('');
        setProblem(null);
      }}
      title="Flickr Upload"
      testId="flickr-upload-modal"
      footer={
        <SaveFooter
          onCancel={onClose}
          onSave={submit}
          saving={upload.isPending}
          label="Upload"
          busyText="Uploading"
        />
      }
    >
      <p className="mt-0">
        Image for <strong>{product?.displayNameAndSize}</strong>. On the photo's page choose Share, then
        Embed, and paste the code here.
      </p>
      <label className="form-label" htmlFor={`${id}-code`}>
        Embed code
      </label>
      <textarea
        id={`${id}-code`}
        className="form-control"
        rows={6}
        value={code}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setCode(e.target.value)}
        data-autofocus
      />
      {problem ? (
        <p className="form-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
