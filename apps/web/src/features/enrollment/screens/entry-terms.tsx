import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function EntryTermsScreen() {
  return <TitleOnlyScreen titleKey="screen.entryTerms.title" />
}
