import { fieldGroupSchema, fieldSchema } from '@app/shared/rules/field-schema'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Component, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { ApiError } from '@/lib/api-client.ts'
import { expectConsoleError } from '@/test/setup.ts'
import { CheckboxGroup } from './checkbox-group.tsx'
import { DateInput, dateInputRules } from './date-input.tsx'
import { ErrorSummary } from './error-summary.tsx'
import { textInputClassName } from './field-parts.tsx'
import { Field } from './field.tsx'
import { RadioGroup } from './radio-group.tsx'
import { useStepForm } from './use-step-form.ts'
import { VALIDATION_DEBOUNCE_MS } from './validation-scheduler.ts'

// The keys are not in page order on purpose: the summary follows the page, not the schema.
const sampleSchema = z.object({
  contactMethods: fieldGroupSchema('required'),
  email: fieldSchema('required', 'email'),
  nameKana: fieldSchema('required', 'onlyFullKatakana'),
  birthDate: fieldSchema(...dateInputRules({ required: true })),
  plan: fieldSchema('required'),
})
type SampleValues = z.output<typeof sampleSchema>

const emptyValues: SampleValues = {
  contactMethods: [],
  email: '',
  nameKana: '',
  birthDate: '',
  plan: '',
}

const labels = {
  nameKana: '氏名（カナ）',
  email: 'メールアドレス',
  birthDate: '生年月日',
  plan: 'プラン',
  contactMethods: 'ご連絡の方法',
}

const REQUIRED = '必須項目です。'
const KATAKANA = 'この項目では使えない文字が含まれています。全角カタカナで入力してください。'
const EMAIL = 'メールアドレスの形式に誤りがあります。'
const DATE_FORMAT =
  '日付の形式に誤りがあります。年は西暦4桁、月と日は1桁または2桁の半角数字で入力してください。'
const DATE_INVALID = '存在しない日付です。正しい日付を入力してください。'
const NAME_SUPPORT = '例：ヤマダ　タロウ'
const SUMMARY_TITLE = '入力内容を確認してください'

function SampleForm({
  onSubmit,
  defaultValues = emptyValues,
}: {
  onSubmit: (values: SampleValues) => Promise<void> | void
  defaultValues?: SampleValues
}) {
  const form = useStepForm({ schema: sampleSchema, defaultValues, labels, onSubmit })
  return (
    <form {...form.formProps}>
      <ErrorSummary {...form.summary} />
      <Field {...form.fieldProps('nameKana')} required support={NAME_SUPPORT}>
        {(control) => (
          <input
            type="text"
            autoComplete="name"
            className={textInputClassName}
            {...control}
            {...form.register('nameKana')}
          />
        )}
      </Field>
      <Field {...form.fieldProps('email')} required>
        {(control) => (
          <input
            type="email"
            autoComplete="email"
            className={textInputClassName}
            {...control}
            {...form.register('email')}
          />
        )}
      </Field>
      <DateInput
        {...form.fieldProps('birthDate')}
        control={form.control}
        required
        autoComplete="bday"
      />
      <RadioGroup
        {...form.fieldProps('plan')}
        control={form.control}
        required
        options={[
          { value: 'A', label: 'Aプラン' },
          { value: 'B', label: 'Bプラン' },
        ]}
      />
      <CheckboxGroup
        {...form.fieldProps('contactMethods')}
        control={form.control}
        required
        options={[
          { value: 'mail', label: 'メール' },
          { value: 'phone', label: '電話' },
        ]}
      />
      <button type="submit">次へ</button>
    </form>
  )
}

class TestBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    if (this.state.error !== undefined) return <p>エラー画面</p>
    return this.props.children
  }
}

function failingSubmit(error: unknown) {
  return vi.fn<(values: SampleValues) => Promise<void>>().mockRejectedValue(error)
}

/** Lets the debounce timer run, then the validation it starts. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

function setup(
  onSubmit: (values: SampleValues) => Promise<void> | void = () => {},
  defaultValues?: SampleValues,
) {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  render(<SampleForm onSubmit={onSubmit} defaultValues={defaultValues} />)
  return { user }
}

const nameBox = () => screen.getByRole('textbox', { name: '氏名（カナ） ※必須' })
const emailBox = () => screen.getByRole('textbox', { name: 'メールアドレス ※必須' })
const yearBox = () => screen.getByRole('textbox', { name: '生年月日 年' })
const monthBox = () => screen.getByRole('textbox', { name: '生年月日 月' })
const dayBox = () => screen.getByRole('textbox', { name: '生年月日 日' })
const summary = () => screen.getByRole('region', { name: SUMMARY_TITLE })

/** The message element an element's aria-describedby points at, by its text. */
function describedTexts(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
}

async function fillValid(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(nameBox(), 'ヤマダ　タロウ')
  await user.type(emailBox(), 'taro@example.jp')
  await user.type(yearBox(), '1990')
  await user.type(monthBox(), '4')
  await user.type(dayBox(), '1')
  await user.click(screen.getByRole('radio', { name: 'Bプラン' }))
  await user.click(screen.getByRole('checkbox', { name: 'メール' }))
  await user.click(screen.getByRole('checkbox', { name: '電話' }))
  await advance(VALIDATION_DEBOUNCE_MS)
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  // Testing Library waits for a setTimeout(0) after each user-event call and advances fake timers
  // for it only when it sees Jest's: without this it waits forever.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('フォーム部品: 名前と構造（STYLE.md §5, PRODUCT.md Accessibility）', () => {
  it('すべての入力欄が役割と日本語の名前で見つかり、必須と補足テキストが伝わること', () => {
    setup()

    expect(nameBox().getAttribute('aria-required')).toBe('true')
    expect(nameBox().getAttribute('aria-invalid')).toBe('false')
    expect(
      screen.getByRole('textbox', { name: '氏名（カナ） ※必須', description: NAME_SUPPORT }),
    ).toBe(nameBox())
    expect(emailBox().getAttribute('aria-describedby')).toBeNull()
    expect(screen.getByRole('group', { name: '生年月日 ※必須' })).toBeTruthy()
    for (const box of [yearBox(), monthBox(), dayBox()]) {
      expect(box.getAttribute('inputmode')).toBe('numeric')
      expect(box.getAttribute('aria-required')).toBe('true')
    }
    expect(
      [yearBox(), monthBox(), dayBox()].map((box) => box.getAttribute('autocomplete')),
    ).toEqual(['bday-year', 'bday-month', 'bday-day'])
    const plan = screen.getByRole('radiogroup', { name: 'プラン ※必須' })
    expect(plan.getAttribute('aria-required')).toBe('true')
    expect(
      within(plan)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(['plan', 'plan'])
    expect(screen.getByRole('radio', { name: 'Aプラン' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Bプラン' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'ご連絡の方法 ※必須' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'メール' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: '電話' })).toBeTruthy()
    expect(document.querySelectorAll('[placeholder], [maxlength]')).toHaveLength(0)
    expect(screen.queryByRole('region', { name: SUMMARY_TITLE })).toBeNull()
  })
})

describe('入力チェックの時機（SPEC §5.3: フォーカスが外れたときと change、5ミリ秒の debounce）', () => {
  it('入力中はメッセージを出さず、フォーカスが外れてから5ミリ秒後に出すこと', async () => {
    const { user } = setup()

    await user.type(nameBox(), 'ﾔﾏﾀﾞ')
    await advance(1000)
    expect(screen.queryByText(KATAKANA)).toBeNull()
    expect(nameBox().getAttribute('aria-invalid')).toBe('false')

    await user.tab()
    expect(document.activeElement).toBe(emailBox())
    await advance(VALIDATION_DEBOUNCE_MS - 1)
    expect(screen.queryByText(KATAKANA)).toBeNull()
    await advance(1)

    expect(nameBox().getAttribute('aria-invalid')).toBe('true')
    expect(describedTexts(nameBox())).toEqual([NAME_SUPPORT, KATAKANA])
    expect(
      screen.getByRole('textbox', {
        name: '氏名（カナ） ※必須',
        description: `${NAME_SUPPORT} ${KATAKANA}`,
      }),
    ).toBe(nameBox())
    // Only the field that was left is validated: the e-mail box, still empty, has no message.
    expect(emailBox().getAttribute('aria-invalid')).toBe('false')
    expect(screen.queryByText(REQUIRED)).toBeNull()
  })

  it('メッセージが出ている欄は、正しい値に直した時点で（フォーカスを外さなくても）消えること', async () => {
    const { user } = setup()
    await user.type(nameBox(), 'ﾔﾏﾀﾞ')
    await user.tab()
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(screen.getByText(KATAKANA)).toBeTruthy()

    await user.clear(nameBox())
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(nameBox())).toEqual([NAME_SUPPORT, REQUIRED])
    await user.type(nameBox(), 'ヤマダ')
    await advance(VALIDATION_DEBOUNCE_MS)

    expect(document.activeElement).toBe(nameBox())
    expect(screen.queryByText(KATAKANA)).toBeNull()
    expect(nameBox().getAttribute('aria-invalid')).toBe('false')
    expect(describedTexts(nameBox())).toEqual([NAME_SUPPORT])
    // Focus passed through the empty e-mail box on the way back: it was left, so it was validated.
    expect(describedTexts(emailBox())).toEqual([REQUIRED])
  })

  it('チェックボックスの組の中を移るだけではメッセージを出さず、組から出たときに出すこと', async () => {
    const { user } = setup()
    const group = screen.getByRole('group', { name: 'ご連絡の方法 ※必須' })
    await user.click(screen.getByRole('checkbox', { name: 'メール' }))
    await user.click(screen.getByRole('checkbox', { name: 'メール' }))
    await advance(VALIDATION_DEBOUNCE_MS)
    // Unticking the last box is a change: the group is checked at once (SPEC §5.3 "on change").
    expect(describedTexts(group)).toEqual([REQUIRED])

    await user.click(screen.getByRole('checkbox', { name: '電話' }))
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([])
    await user.click(screen.getByRole('checkbox', { name: '電話' }))
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([REQUIRED])
  })

  it('チェックボックスを Tab で通り過ぎるだけなら、組を出たときに初めて必須のメッセージを出すこと', async () => {
    const { user } = setup()
    const group = screen.getByRole('group', { name: 'ご連絡の方法 ※必須' })
    act(() => screen.getByRole('checkbox', { name: 'メール' }).focus())
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: '電話' }))
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([])

    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '次へ' }))
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([REQUIRED])
    expect(screen.getByRole('checkbox', { name: 'メール' }).getAttribute('aria-invalid')).toBe(
      'true',
    )
  })
})

describe('生年月日の入力（年・月・日 → YYYYMMDD）', () => {
  it('3つの欄の間を移る間は調べず、組を出たときに yearMonthDate のメッセージを出すこと', async () => {
    const { user } = setup()
    const group = screen.getByRole('group', { name: '生年月日 ※必須' })

    await user.type(yearBox(), '2026')
    await user.tab()
    await advance(VALIDATION_DEBOUNCE_MS)
    await user.type(monthBox(), '2')
    await user.tab()
    await advance(VALIDATION_DEBOUNCE_MS)
    await user.type(dayBox(), '30')
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([])

    await user.tab()
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([DATE_INVALID])
    expect(yearBox().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('group', { name: '生年月日 ※必須', description: DATE_INVALID })).toBe(
      group,
    )

    await user.clear(dayBox())
    await user.type(dayBox(), '28')
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(group)).toEqual([])
    expect(yearBox().getAttribute('aria-invalid')).toBe('false')
  })

  it('欠けた欄や桁の違う年は形式のメッセージになり、入力した文字は切り捨てないこと', async () => {
    const { user } = setup()
    const group = screen.getByRole('group', { name: '生年月日 ※必須' })

    await user.type(yearBox(), '19900')
    await user.type(monthBox(), '4')
    await user.click(screen.getByRole('radio', { name: 'Aプラン' }))
    await advance(VALIDATION_DEBOUNCE_MS)

    expect(describedTexts(group)).toEqual([DATE_FORMAT])
    expect((yearBox() as HTMLInputElement).value).toBe('19900')
    expect((dayBox() as HTMLInputElement).value).toBe('')
  })

  it('保存済みの YYYYMMDD を3つの欄に分けて表示し、そのまま送ること', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(onSubmit, {
      ...emptyValues,
      nameKana: 'ヤマダ　ハナコ',
      email: 'hanako@example.jp',
      birthDate: '19851231',
      plan: 'A',
      contactMethods: ['phone'],
    })
    expect([yearBox(), monthBox(), dayBox()].map((box) => (box as HTMLInputElement).value)).toEqual(
      ['1985', '12', '31'],
    )

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      nameKana: 'ヤマダ　ハナコ',
      email: 'hanako@example.jp',
      birthDate: '19851231',
      plan: 'A',
      contactMethods: ['phone'],
    })
  })
})

describe('送信の失敗とエラーサマリー', () => {
  it('送信に失敗するとサマリーが出てフォーカスを受け、ページの順に各エラーへのリンクを並べること', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(onSubmit)
    await user.type(emailBox(), 'taro@')

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(summary())
    const links = within(summary()).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      `氏名（カナ）：${REQUIRED}`,
      `メールアドレス：${EMAIL}`,
      `生年月日：${REQUIRED}`,
      `プラン：${REQUIRED}`,
      `ご連絡の方法：${REQUIRED}`,
    ])
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `#${nameBox().id}`,
      `#${emailBox().id}`,
      `#${yearBox().id}`,
      `#${screen.getByRole('radio', { name: 'Aプラン' }).id}`,
      `#${screen.getByRole('checkbox', { name: 'メール' }).id}`,
    ])
    // The fields show the same messages, and what was typed is kept.
    expect(describedTexts(emailBox())).toEqual([EMAIL])
    expect((emailBox() as HTMLInputElement).value).toBe('taro@')
    expect(
      screen.getByRole('radiogroup', { name: 'プラン ※必須' }).getAttribute('aria-invalid'),
    ).toBe('true')
  })

  it('サマリーのリンクを押すと、その欄にフォーカスが移ること', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    await user.click(within(summary()).getByRole('link', { name: `メールアドレス：${REQUIRED}` }))
    expect(document.activeElement).toBe(emailBox())
    await user.click(within(summary()).getByRole('link', { name: `生年月日：${REQUIRED}` }))
    expect(document.activeElement).toBe(yearBox())
    await user.click(within(summary()).getByRole('link', { name: `プラン：${REQUIRED}` }))
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Aプラン' }))
  })

  it('ラジオボタンとチェックボックスはキーボードで選べ、選んだ時点でメッセージが消えること', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)
    const plan = screen.getByRole('radiogroup', { name: 'プラン ※必須' })
    const contact = screen.getByRole('group', { name: 'ご連絡の方法 ※必須' })

    await user.click(within(summary()).getByRole('link', { name: `プラン：${REQUIRED}` }))
    await user.keyboard(' ')
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(screen.getByRole('radio', { name: 'Aプラン', checked: true })).toBeTruthy()
    expect(describedTexts(plan)).toEqual([])
    expect(plan.getAttribute('aria-invalid')).toBe('false')
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'Bプラン', checked: true })).toBe(
      document.activeElement,
    )

    await user.click(within(summary()).getByRole('link', { name: `ご連絡の方法：${REQUIRED}` }))
    await user.keyboard(' ')
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(screen.getByRole('checkbox', { name: 'メール', checked: true })).toBeTruthy()
    expect(describedTexts(contact)).toEqual([])
  })

  it('もう一度失敗すると、サマリーがまたフォーカスを受けること', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)
    await user.click(within(summary()).getByRole('link', { name: `氏名（カナ）：${REQUIRED}` }))
    await user.type(nameBox(), 'ヤマダ')

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    expect(document.activeElement).toBe(summary())
    expect(
      within(summary())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `メールアドレス：${REQUIRED}`,
      `生年月日：${REQUIRED}`,
      `プラン：${REQUIRED}`,
      `ご連絡の方法：${REQUIRED}`,
    ])
    expect((nameBox() as HTMLInputElement).value).toBe('ヤマダ')
  })
})

describe('サーバーの入力チェックエラー（400 APFV0001 の issues）', () => {
  const emailIssue =
    'このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。'
  const otherIssue = '団体の情報が変わりました。最初からお手続きをやり直してください。'

  it('該当する欄に出し、欄のない issue はサマリーだけに出して、サマリーにフォーカスを移すこと', async () => {
    const onSubmit = failingSubmit(
      new ApiError(400, {
        errorCode: 'APFV0001',
        issues: [
          { path: 'groupPfCode', message: otherIssue },
          { path: 'email', message: emailIssue },
        ],
      }),
    )
    const { user } = setup(onSubmit)
    await fillValid(user)

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      contactMethods: ['mail', 'phone'],
      email: 'taro@example.jp',
      nameKana: 'ヤマダ　タロウ',
      birthDate: '19900401',
      plan: 'B',
    })
    expect(document.activeElement).toBe(summary())
    expect(
      within(summary())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`メールアドレス：${emailIssue}`, otherIssue])
    expect(within(summary()).getByRole('link').getAttribute('href')).toBe(`#${emailBox().id}`)
    expect(emailBox().getAttribute('aria-invalid')).toBe('true')
    expect(describedTexts(emailBox())).toEqual([emailIssue])
    // Nothing the user typed is lost.
    expect((emailBox() as HTMLInputElement).value).toBe('taro@example.jp')
    expect((yearBox() as HTMLInputElement).value).toBe('1990')
  })

  it('サーバーのメッセージはフォーカスが通り過ぎても残り、値を直すと消えること', async () => {
    const onSubmit = failingSubmit(
      new ApiError(400, {
        errorCode: 'APFV0001',
        issues: [{ path: 'email', message: emailIssue }],
      }),
    )
    const { user } = setup(onSubmit)
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    await user.click(within(summary()).getByRole('link'))
    await user.tab()
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(describedTexts(emailBox())).toEqual([emailIssue])

    await user.clear(emailBox())
    await user.type(emailBox(), 'taro@example.com')
    await advance(VALIDATION_DEBOUNCE_MS)
    expect(emailBox().getAttribute('aria-invalid')).toBe('false')
    expect(describedTexts(emailBox())).toEqual([])
  })

  it('入力チェック以外の失敗はルートのエラーバウンダリーに渡すこと', async () => {
    expectConsoleError()
    const onSubmit = failingSubmit(new ApiError(500, { errorCode: 'E9999' }))
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    render(
      <TestBoundary>
        <SampleForm onSubmit={onSubmit} />
      </TestBoundary>,
    )
    await fillValid(user)

    await user.click(screen.getByRole('button', { name: '次へ' }))
    await advance(0)

    expect(screen.getByText('エラー画面')).toBeTruthy()
  })
})
