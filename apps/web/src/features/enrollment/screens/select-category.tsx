import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function SelectCategoryScreen() {
  return <TitleOnlyScreen titleKey="screen.selectCategory.title" />
}
