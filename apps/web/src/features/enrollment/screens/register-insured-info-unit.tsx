import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function RegisterInsuredInfoUnitScreen() {
  return <TitleOnlyScreen titleKey="screen.registerInsuredInfoUnit.title" />
}
