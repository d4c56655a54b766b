import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function PhoneNumberRegistrationCompleteScreen() {
  return <TitleOnlyScreen titleKey="screen.phoneNumberRegistrationComplete.title" />
}
