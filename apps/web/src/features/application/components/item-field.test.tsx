import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { screen, waitFor, within } from '@testing-library/react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { ApiError } from '@/lib/api-client.ts'
import {
  ItemField,
  itemAnswerDefaults,
  itemAnswersSchemaFor,
  itemLabels,
  type ItemAnswerValues,
} from './item-field.tsx'

const base: ItemDefinition = {
  itemCode: 'EMPLOYEE_NO',
  itemName: '社員番号',
  supportText: '',
  inputType: 'text',
  itemClass: '010',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 1,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
}

const items: ItemDefinition[] = [
  {
    ...base,
    supportText: '社員証に記載の番号を、半角数字で入力してください。',
    ruleArray: ['required', 'onlyNumeric'],
  },
  {
    ...base,
    itemCode: 'REMARKS',
    itemName: 'ご連絡事項',
    inputType: 'textarea',
    ruleArray: ['gaiji'],
  },
  {
    ...base,
    itemCode: 'WORKPLACE',
    itemName: '勤務地',
    inputType: 'radio',
    ruleArray: ['required'],
    choiceArray: [
      { code: '1', label: '本社' },
      { code: '2', label: '支店' },
    ],
  },
  {
    ...base,
    itemCode: 'RELATION',
    itemName: '続柄',
    inputType: 'select',
    supportText: '被保険者から見た続柄です。',
    ruleArray: ['required'],
    choiceArray: [
      { code: '01', label: '本人' },
      { code: '02', label: '配偶者' },
    ],
  },
  {
    ...base,
    itemCode: 'HOBBY',
    itemName: '趣味',
    inputType: 'checkbox',
    ruleArray: ['required'],
    choiceArray: [
      { code: 'A', label: '登山' },
      { code: 'B', label: '釣り' },
    ],
  },
  {
    ...base,
    itemCode: 'JOIN_DATE',
    itemName: '入社日',
    inputType: 'date',
    ruleArray: ['required', 'yearMonthDate'],
  },
]

const REQUIRED = '必須項目です。'
const NUMERIC = 'この項目では使えない文字が含まれています。半角数字で入力してください。'
const DATE_PARTS =
  '日付の形式に誤りがあります。年は西暦4桁、月と日は1桁または2桁の半角数字で入力してください。'
const DATE_INVALID = '存在しない日付です。正しい日付を入力してください。'

interface Values {
  itemAnswers: ItemAnswerValues
}

function ItemForm({
  onSubmit,
  saved,
}: {
  onSubmit: (values: Values) => Promise<void> | void
  saved?: Record<string, string | string[]>
}) {
  const form = useStepForm({
    schema: z.object({ itemAnswers: itemAnswersSchemaFor(items) }),
    defaultValues: { itemAnswers: itemAnswerDefaults(items, saved) },
    labels: itemLabels(items, 'itemAnswers.'),
    onSubmit,
  })
  return (
    <form {...form.formProps}>
      <ErrorSummary {...form.summary} />
      {items.map((item) => (
        <ItemField
          key={item.itemCode}
          item={item}
          control={form.control}
          {...form.fieldProps(`itemAnswers.${item.itemCode}`)}
        />
      ))}
      <button type="submit">次へ</button>
    </form>
  )
}

function describedTexts(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
}

function setup(onSubmit = vi.fn<(values: Values) => Promise<void> | void>(), saved = {}) {
  const user = userEvent.setup()
  render(<ItemForm onSubmit={onSubmit} saved={saved} />)
  return { user, onSubmit }
}

const employeeNo = () => screen.getByRole('textbox', { name: '社員番号 ※必須' })
const joinYear = () => screen.getByRole('textbox', { name: '入社日 年' })
const joinMonth = () => screen.getByRole('textbox', { name: '入社日 月' })
const joinDay = () => screen.getByRole('textbox', { name: '入社日 日' })

describe('項目定義の表示（SPEC §3.5, issue #6）', () => {
  it('inputType ごとの部品を、項目名のラベル・必須・補足テキストとともに表示すること', () => {
    setup()

    expect(
      screen.getByRole('textbox', {
        name: '社員番号 ※必須',
        description: '社員証に記載の番号を、半角数字で入力してください。',
      }),
    ).toBe(employeeNo())
    expect(employeeNo().getAttribute('aria-required')).toBe('true')
    const remarks = screen.getByRole('textbox', { name: 'ご連絡事項' })
    expect(remarks.tagName).toBe('TEXTAREA')
    expect(remarks.getAttribute('aria-required')).toBeNull()
    const workplace = screen.getByRole('radiogroup', { name: '勤務地 ※必須' })
    expect(
      within(workplace)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(['itemAnswers.WORKPLACE', 'itemAnswers.WORKPLACE'])
    const relation = screen.getByRole('combobox', {
      name: '続柄 ※必須',
      description: '被保険者から見た続柄です。',
    })
    expect(
      within(relation)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選択してください', '本人', '配偶者'])
    const hobby = screen.getByRole('group', { name: '趣味 ※必須' })
    expect(within(hobby).getAllByRole('checkbox')).toHaveLength(2)
    expect(screen.getByRole('group', { name: '入社日 ※必須' })).toBeTruthy()
    expect([joinYear(), joinMonth(), joinDay()].map((box) => box.tagName)).toEqual([
      'INPUT',
      'INPUT',
      'INPUT',
    ])
    expect(document.querySelectorAll('[placeholder], [maxlength]')).toHaveLength(0)
  })

  it('空のまま送ると、必須の各項目に必須のメッセージを結び付け、サマリーに項目名で並べること', async () => {
    const { user, onSubmit } = setup()

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `社員番号：${REQUIRED}`,
      `勤務地：${REQUIRED}`,
      `続柄：${REQUIRED}`,
      `趣味：${REQUIRED}`,
      `入社日：${REQUIRED}`,
    ])
    expect(employeeNo().getAttribute('aria-invalid')).toBe('true')
    expect(describedTexts(employeeNo())).toEqual([
      '社員証に記載の番号を、半角数字で入力してください。',
      REQUIRED,
    ])
    expect(describedTexts(screen.getByRole('radiogroup', { name: '勤務地 ※必須' }))).toEqual([
      REQUIRED,
    ])
    expect(describedTexts(screen.getByRole('combobox', { name: '続柄 ※必須' }))).toEqual([
      '被保険者から見た続柄です。',
      REQUIRED,
    ])
    expect(describedTexts(screen.getByRole('group', { name: '趣味 ※必須' }))).toEqual([REQUIRED])
    expect(describedTexts(screen.getByRole('group', { name: '入社日 ※必須' }))).toEqual([REQUIRED])
    expect(screen.getByRole('textbox', { name: 'ご連絡事項' }).getAttribute('aria-invalid')).toBe(
      'false',
    )
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('ruleArray のルールと日付の欄の形式を、サーバーと同じメッセージで調べること', async () => {
    const { user } = setup()

    await user.type(employeeNo(), '１２３')
    await user.type(joinYear(), '90')
    await user.type(joinMonth(), '4')
    await user.type(joinDay(), '1')
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(describedTexts(employeeNo()).at(-1)).toBe(NUMERIC)
    expect(describedTexts(screen.getByRole('group', { name: '入社日 ※必須' }))).toEqual([
      DATE_PARTS,
    ])

    await user.clear(joinYear())
    await user.type(joinYear(), '2025')
    await user.clear(joinMonth())
    await user.type(joinMonth(), '2')
    await user.clear(joinDay())
    await user.type(joinDay(), '30')
    await user.click(screen.getByRole('button', { name: '次へ' }))
    await waitFor(() =>
      expect(describedTexts(screen.getByRole('group', { name: '入社日 ※必須' }))).toEqual([
        DATE_INVALID,
      ]),
    )
  })

  it('正しく答えると回答を項目コードで渡し、この画面にない項目の保存済みの回答もそのまま返すこと', async () => {
    const { user, onSubmit } = setup(undefined, { AUTH_EMPLOYEE: 'E0001', WORKPLACE: '2' })

    expect(screen.getByRole('radio', { name: '支店' })).toHaveProperty('checked', true)
    await user.type(employeeNo(), '12345')
    await user.type(screen.getByRole('textbox', { name: 'ご連絡事項' }), '1行目\n2行目')
    await user.selectOptions(screen.getByRole('combobox', { name: '続柄 ※必須' }), '配偶者')
    await user.click(screen.getByRole('checkbox', { name: '釣り' }))
    await user.click(screen.getByRole('checkbox', { name: '登山' }))
    await user.type(joinYear(), '2020')
    await user.type(joinMonth(), '4')
    await user.type(joinDay(), '1')
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      itemAnswers: {
        AUTH_EMPLOYEE: 'E0001',
        EMPLOYEE_NO: '12345',
        REMARKS: '1行目\n2行目',
        WORKPLACE: '2',
        RELATION: '02',
        HOBBY: ['A', 'B'],
        JOIN_DATE: '20200401',
      },
    })
  })

  it('サーバーが項目コードのパスで返した誤りを、その項目に表示すること', async () => {
    const message = '表示されている選択肢から選んでください。'
    const onSubmit = vi.fn(() => {
      throw new ApiError(400, {
        errorCode: 'APFV0001',
        issues: [{ path: 'itemAnswers.RELATION', message }],
      })
    })
    const { user } = setup(onSubmit, {
      EMPLOYEE_NO: '1',
      WORKPLACE: '1',
      RELATION: '01',
      HOBBY: ['A'],
      JOIN_DATE: '20200401',
    })

    await user.click(screen.getByRole('button', { name: '次へ' }))

    const relation = screen.getByRole('combobox', { name: '続柄 ※必須' })
    await waitFor(() => expect(relation.getAttribute('aria-invalid')).toBe('true'))
    expect(describedTexts(relation)).toEqual(['被保険者から見た続柄です。', message])
    expect(
      within(screen.getByRole('region', { name: '入力内容を確認してください' })).getByRole('link', {
        name: `続柄：${message}`,
      }),
    ).toBeTruthy()
  })
})
