import { Link } from '@/components/link.tsx'
import { InFlowAlert, type InFlowMessage } from '@/components/in-flow-alert.tsx'

/**
 * A step's in-flow message; once the attempt is over, with the way back to where the procedure
 * starts again.
 */
export function StepAlert({
  message,
  restart,
}: {
  message: InFlowMessage | undefined
  /** given when the attempt is over */
  restart?: { to: string; label: string } | undefined
}) {
  return (
    <InFlowAlert message={message}>
      {restart !== undefined && (
        <p className="text-std-16N-170">
          <Link to={restart.to} className="app-link">
            {restart.label}
          </Link>
        </p>
      )}
    </InFlowAlert>
  )
}

/** Links under a screen's content (back to home, to login…). */
export function PageLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="flex flex-col gap-3 text-std-16N-170">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="app-link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
