import QRCode from 'qrcode';
import { useId, useMemo } from 'react';

/**
 * The order's own address as a QR code, drawn as SVG (sharp at any size and in print). Loaded on its own, only
 * by the order page: the QR library is never part of the storefront's first load. The address is written out
 * beside it, which is also its text alternative.
 */
export function OrderQrCode({ address, orderId }: { address: string; orderId: number }) {
  const titleId = useId();
  const path = useMemo(() => {
    // Level M: a phone reads it off a crumpled printout or a cracked screen.
    const { modules } = QRCode.create(address, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { d, size: modules.size };
  }, [address]);
  // Four modules of quiet zone around the code, as the standard asks, so cameras find its edges.
  const box = path.size + 8;
  return (
    <figure className="order-qr" data-testid="order-qr">
      <svg
        viewBox={`-4 -4 ${box} ${box}`}
        role="img"
        aria-labelledby={titleId}
        shapeRendering="crispEdges"
        data-address={address}
      >
        <title id={titleId}>{`QR code of order ${orderId}'s address: ${address}`}</title>
        <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
        <path d={path.d} fill="#000" />
      </svg>
      <figcaption>
        Show this code at the counter when you pick up. It opens this page:{' '}
        <a href={address} className="order-qr-address">
          {address}
        </a>
      </figcaption>
    </figure>
  );
}
