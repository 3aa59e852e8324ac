import { Button, type ButtonProps, Link, type LinkProps } from '@chakra-ui/react'
import { forwardRef } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useLanguage } from '../../hooks/useLanguage'

export interface LocaleLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  /** Language-neutral site path, e.g. `/waitlist`; the current language's prefix is added. */
  to: string
}

/** A Chakra link to a page of this site, in the current language, with client-side navigation. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LocaleLinkProps>(function LocaleLink(
  { to, children, ...rest },
  ref,
) {
  const { to: localise } = useLanguage()
  return (
    <Link asChild {...rest}>
      <RouterLink ref={ref} to={localise(to)}>
        {children}
      </RouterLink>
    </Link>
  )
})

export interface LocaleButtonLinkProps extends Omit<ButtonProps, 'asChild'> {
  /** Language-neutral site path, e.g. `/waitlist`. */
  to: string
}

/** A link styled as a Chakra button (a call to action that navigates: it is a link, not a button). */
export const LocaleButtonLink = forwardRef<HTMLAnchorElement, LocaleButtonLinkProps>(function LocaleButtonLink(
  { to, children, ...rest },
  ref,
) {
  const { to: localise } = useLanguage()
  return (
    <Button asChild {...rest}>
      <RouterLink ref={ref} to={localise(to)}>
        {children}
      </RouterLink>
    </Button>
  )
})
