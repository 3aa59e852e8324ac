import { Box, HStack, Text } from '@chakra-ui/react'
import type { SVGProps } from 'react'

/** The VoiceOS mark: a microphone inside sound waves, drawn in the current text colour. 32×32 px by default. */
export function LogoMark({ size = 32, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" fill="none" aria-hidden="true" {...rest}>
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <rect x="12.5" y="7" width="7" height="12" rx="3.5" fill="var(--logo-inner, #fff)" />
      <path
        d="M9.5 15.5a6.5 6.5 0 0 0 13 0M16 22v3.5"
        stroke="var(--logo-inner, #fff)"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** Word mark "VoiceOS" beside the mark; decorative text inside a labelled link. */
export function Logo({ name }: { /** Product name to show. */ name: string }) {
  return (
    <HStack gap="2" color="brand.solid" css={{ '--logo-inner': 'colors.brand.contrast' }}>
      <LogoMark />
      <Box as="span">
        <Text as="span" fontWeight="bold" fontSize="lg" color="fg" letterSpacing="tight">
          {name}
        </Text>
      </Box>
    </HStack>
  )
}

/** GitHub's mark (16 px), for GitHub menus. */
export function GithubIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" {...props}>
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
    </svg>
  )
}
