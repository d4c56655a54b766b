import { TitleOnlyScreen } from '../../../components/title-only-screen.tsx'

export default function NoticeMattersScreen() {
  return <TitleOnlyScreen titleKey="screen.noticeMatters.title" />
}
