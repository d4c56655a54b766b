import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function TermsOfServiceScreen() {
  return <TitleOnlyScreen titleKey="screen.termsOfService.title" />
}
