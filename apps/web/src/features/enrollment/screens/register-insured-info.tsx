import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function RegisterInsuredInfoScreen() {
  return <TitleOnlyScreen titleKey="screen.registerInsuredInfo.title" />
}
