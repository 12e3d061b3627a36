/** The shop's mark: a young oak leaf, drawn inline so it costs no request. */
export function LeafLogo({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="leaf-logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="16" fill="#2f5d3a" />
      <path
        d="M16 6c-1.6 2-1 3.6-2.8 4.4-1.4.6-2.4-.6-3.4.6s.4 2.4-.2 3.6-2 1.2-1.8 2.8 1.8 1.2 2.2 2.6-.8 2.4.6 3.4 2.4-.2 3.6.6c1 .6.8 1.8 1.8 2.4 1-.6.8-1.8 1.8-2.4 1.2-.8 2.2.4 3.6-.6s.2-2 .6-3.4 2-1 2.2-2.6-1.2-1.6-1.8-2.8.8-2.4-.2-3.6-2-0-3.4-.6C17 9.6 17.6 8 16 6z"
        fill="#cfe3bf"
      />
      <path d="M16 10v16" stroke="#2f5d3a" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}
