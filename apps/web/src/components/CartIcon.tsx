/**
 * The shop's cart, drawn in the text's colour: with its wheels where it stands alone (the header's Cart), without
 * where it sits beside words on a small button (Add to Cart).
 */
export function CartIcon({ size, wheels }: { size: number; wheels: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {wheels ? (
        <>
          <circle cx="10" cy="20" r="1.6" fill="currentColor" />
          <circle cx="17" cy="20" r="1.6" fill="currentColor" />
        </>
      ) : null}
    </svg>
  );
}
