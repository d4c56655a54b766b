import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PamphletImportantNotesScreen() {
  return <TitleOnlyScreen titleKey="screen.pamphletImportantNotes.title" />
}
