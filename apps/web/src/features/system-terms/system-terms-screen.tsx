import { TitleOnlyScreen } from '../../components/title-only-screen.tsx'

export default function SystemTermsScreen() {
  return <TitleOnlyScreen titleKey="screen.systemTermsOfServiceAndPolicies.title" />
}
