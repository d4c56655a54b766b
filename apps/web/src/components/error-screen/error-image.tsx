/** Illustrations of the error screen (SPEC §2.9 "an image"); decorative, so hidden from AT. */
export function ErrorImage({ kind }: { kind: 'maintenance' | 'error' }) {
  if (kind === 'maintenance') {
    return (
      <svg aria-hidden="true" viewBox="0 0 120 120" className="size-24 md:size-28">
        <circle cx="60" cy="60" r="56" className="fill-blue-50" />
        <path
          d="M78 30a18 18 0 0 0-22 22L32 76a6 6 0 0 0 8.5 8.5L64.5 60.5A18 18 0 0 0 86.5 38l-10 10-9-2-2-9Z"
          className="fill-blue-900"
        />
      </svg>
    )
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 120 120" className="size-24 md:size-28">
      <circle cx="60" cy="60" r="56" className="fill-red-50" />
      <path d="M60 26 98 92H22Z" className="fill-error-1" />
      <rect x="56" y="48" width="8" height="24" rx="2" className="fill-white" />
      <circle cx="60" cy="81" r="4.5" className="fill-white" />
    </svg>
  )
}
