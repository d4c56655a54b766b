import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function CheckContractInfoScreen() {
  return <TitleOnlyScreen titleKey="screen.checkContractInfo.title" />
}
