import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function TelephoneAuthSelectScreen() {
  return <TitleOnlyScreen titleKey="screen.telephoneAuthSelect.title" />
}
