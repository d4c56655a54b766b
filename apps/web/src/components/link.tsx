import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useHref, useLinkClickHandler, type RelativeRoutingType, type To } from 'react-router'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** a path in the app (never an absolute URL: an address outside the app is a plain <a>) */
  to: To
  relative?: RelativeRoutingType
  replace?: boolean
  state?: unknown
  preventScrollReset?: boolean
}

/**
 * React Router's `<Link>` as the applicant screens use it: an <a> whose click navigates in the
 * app (a modified click, a middle click or another target is left to the browser). React Router's
 * own Link also carries prefetching, masking and view transitions, which the applicant app does
 * not use; they come with its code into every screen's first download (≈ 4 KiB gzip, issue #22,
 * ADR 0037). The markup is the same, `data-discover` included, so a server-rendered page hydrates.
 */
export function Link({
  to,
  relative,
  replace,
  state,
  preventScrollReset,
  target,
  onClick,
  ...rest
}: LinkProps) {
  const href = useHref(to, { relative })
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, {
    relative,
    replace,
    state,
    preventScrollReset,
    target,
  })
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) navigateOnClick(event)
  }
  // The content comes with the props (children), as with React Router's Link.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={href} target={target} onClick={handleClick} data-discover="true" />
}
