import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function SelectTypeScreen() {
  return <TitleOnlyScreen titleKey="screen.selectType.title" />
}
