import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  scheduleFieldValidation,
  VALIDATION_DEBOUNCE_MS,
  type ValidationTarget,
} from './validation-scheduler.ts'

function buildForm(): HTMLFormElement {
  const form = document.createElement('form')
  form.innerHTML = `
    <input name="nameKana">
    <input name="email">
    <fieldset data-field="birthDate"><input id="year"><input id="month"></fieldset>
    <input type="radio" name="plan" value="A"><input type="radio" name="plan" value="B">
  `
  document.body.append(form)
  return form
}

function element(form: HTMLFormElement, selector: string): HTMLElement {
  const found = form.querySelector<HTMLElement>(selector)
  if (found === null) throw new Error(`no ${selector}`)
  return found
}

function fire(target: HTMLElement, type: 'focusout' | 'change' | 'input'): void {
  target.dispatchEvent(new Event(type, { bubbles: true }))
}

describe('入力チェックの予約（SPEC §5.3 の 5ms debounce）', () => {
  let form: HTMLFormElement
  let validate: ReturnType<typeof vi.fn<ValidationTarget['validate']>>
  let errors: Record<string, { fromServer: boolean }>

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    form = buildForm()
    validate = vi.fn<ValidationTarget['validate']>()
    errors = {}
  })

  afterEach(() => {
    form.remove()
  })

  function start() {
    return scheduleFieldValidation(form, { validate, errorOf: (name) => errors[name] })
  }

  it('5ms の間に続いた出来事は、最後の出来事から 5ms 後に1回だけ、関わった欄をまとめて調べること', () => {
    start()
    fire(element(form, '[name=nameKana]'), 'change')
    fire(element(form, '[name=nameKana]'), 'focusout')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS - 1)
    fire(element(form, '[name=email]'), 'focusout')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS - 1)
    expect(validate).not.toHaveBeenCalled()

    vi.advanceTimersByTime(1)
    expect(validate).toHaveBeenCalledExactlyOnceWith(['nameKana', 'email'])
  })

  it('日付の欄の間でフォーカスが移るだけなら調べず、組の外に出たら組の名前で調べること', () => {
    start()
    element(form, '#year').focus()
    fire(element(form, '#year'), 'change')
    element(form, '#month').focus()
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).not.toHaveBeenCalled()

    element(form, '[name=email]').focus()
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).toHaveBeenCalledExactlyOnceWith(['birthDate'])
  })

  it('入力（input）は、メッセージが出ている欄だけを調べ直すこと', () => {
    start()
    element(form, '[name=email]').focus()
    fire(element(form, '[name=email]'), 'input')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).not.toHaveBeenCalled()

    errors['email'] = { fromServer: false }
    fire(element(form, '[name=email]'), 'input')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).toHaveBeenCalledExactlyOnceWith(['email'])
  })

  it('ラジオボタンの変更は、フォーカスが組の中にあってもすぐ（5ms 後に）調べること', () => {
    start()
    const radio = element(form, '[value=B]')
    radio.focus()
    fire(radio, 'change')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).toHaveBeenCalledExactlyOnceWith(['plan'])
  })

  it('サーバーのメッセージが出ている欄は、フォーカスが通り過ぎただけでは調べないこと', () => {
    start()
    errors['email'] = { fromServer: true }
    fire(element(form, '[name=email]'), 'focusout')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).not.toHaveBeenCalled()
  })

  it('cancel は待っている検査を捨て、dispose の後は出来事を聞かないこと', () => {
    const scheduler = start()
    fire(element(form, '[name=email]'), 'focusout')
    scheduler.cancel()
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    scheduler.dispose()
    fire(element(form, '[name=email]'), 'focusout')
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS)
    expect(validate).not.toHaveBeenCalled()
  })
})
