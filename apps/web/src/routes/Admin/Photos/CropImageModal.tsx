import { IMAGE_CROPPED } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Modal } from '../../../components/Modal';
import { SaveFooter } from '../../../components/ModalFooters';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { AdminProduct } from '../shared/catalog/types';

interface Natural {
  width: number;
  height: number;
}

/**
 * The server takes a whole-pixel square inside the image; the cropper reports fractions, so round
 * to a square and keep it inside the picture.
 */
export function squareCrop(
  area: Area,
  natural: Natural,
): { x: number; y: number; width: number; height: number } {
  const size = Math.max(
    1,
    Math.min(Math.round(area.width), Math.round(area.height), natural.width, natural.height),
  );
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), Math.max(0, max));
  return {
    x: clamp(area.x, natural.width - size),
    y: clamp(area.y, natural.height - size),
    width: size,
    height: size,
  };
}

/** 'Crop Image': a square crop of the full-size image becomes the product's card image. */
export function CropImageModal({
  product,
  onClose,
  onCropped,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onCropped: () => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [natural, setNatural] = useState<Natural | null>(null);
  const save = useMutation(
    trpc.photos.crop.mutationOptions({
      onSuccess: () => {
        notify.success(IMAGE_CROPPED);
        onCropped();
        onClose();
      },
      onError: showApiFailure,
    }),
  );
  const submit = () => {
    if (!product || !area || !natural || save.isPending) return;
    save.mutate({ productId: product.productId, ...squareCrop(area, natural) });
  };
  return (
    <Modal
      open={product !== null}
      onClose={onClose}
      canClose={!save.isPending}
      onExited={() => {
        setCrop({ x: 0, y: 0 });
        setZoom(1);
        setArea(null);
        setNatural(null);
      }}
      title="Crop Image"
      size="lg"
      testId="crop-image-modal"
      footer={
        <SaveFooter
          onCancel={onClose}
          onSave={submit}
          saving={save.isPending}
          disabled={!area || !natural}
          label="Crop"
          busyText="Cropping"
        />
      }
    >
      {product?.fullSizeImageUrl ? (
        <>
          <div className="crop-area" data-testid="crop-area">
            <Cropper
              image={product.fullSizeImageUrl}
              crop={crop}
              zoom={zoom}
              aspect={1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={(media) =>
                setNatural({ width: media.naturalWidth, height: media.naturalHeight })
              }
            />
          </div>
          <label className="form-group" style={{ display: 'block', marginTop: '0.75rem' }}>
            <span className="form-label">Zoom</span>
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
              style={{ width: '100%' }}
            />
          </label>
          <p className="form-hint">Drag the picture to choose the square shown on the product card.</p>
        </>
      ) : (
        <p>This product has no image yet; use Change Image first.</p>
      )}
    </Modal>
  );
}
