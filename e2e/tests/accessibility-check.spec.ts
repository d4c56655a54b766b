// The accessibility check every journey relies on (support/test.ts expectAccessible, ADR 0017):
// it still finds a violation, and it checks a screen state once per run.
import { expect, expectAccessible, test } from '../support/test.ts'

/** A page with one violation axe knows by name: an image without a text alternative. */
const PAGE_WITH_IMAGE_WITHOUT_ALT = `<!doctype html>
<html lang="ja">
  <head><title>検査の確認</title></head>
  <body>
    <main>
      <h1>検査の確認</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1">
    </main>
  </body>
</html>`

test('axe の検査は違反（代替テキストのない画像）を見つけ、同じ画面の状態は同じ実行の中で二度は検査しないこと', async ({
  page,
}) => {
  await page.setContent(PAGE_WITH_IMAGE_WITHOUT_ALT)
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/)

  // The same screen state again, as another test reaching it would: already checked.
  await page.setContent(PAGE_WITH_IMAGE_WITHOUT_ALT)
  await expectAccessible(page)
})
