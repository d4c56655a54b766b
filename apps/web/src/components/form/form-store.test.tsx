import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { memo } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from './form-store.ts'

interface Values {
  name: string
  answers: Record<string, string>
}

const defaults: Values = { name: '', answers: { A: '', B: '' } }

/** Requires every value; the error paths are the values' paths. */
const requireAll: Resolver<Values, Values> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {}
  if (values.name === '') errors.name = { type: 'required', message: 'name' }
  for (const [code, answer] of Object.entries(values.answers)) {
    if (answer === '') errors[`answers.${code}`] = { type: 'required', message: code }
  }
  return Promise.resolve(Object.keys(errors).length > 0 ? { errors } : { values })
}

const Answer = memo(function Answer({ control, code }: { control: Control<Values>; code: string }) {
  const { field } = useController({ control, name: `answers.${code}` })
  renders.push(code)
  return (
    <input
      aria-label={code}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  )
})

let renders: string[] = []

function setup(resolver: Resolver<Values, Values> = requireAll) {
  renders = []
  const result: { form?: UseFormReturn<Values> } = {}
  function Form() {
    const form = useForm({ resolver, defaultValues: defaults })
    result.form = form
    renders.push('form')
    const answerA = useWatch({ control: form.control, name: 'answers.A' })
    return (
      <form>
        <input aria-label="name" {...form.register('name')} />
        <Answer control={form.control} code="A" />
        <Answer control={form.control} code="B" />
        <output>{answerA}</output>
      </form>
    )
  }
  render(<Form />)
  const { form } = result
  if (form === undefined) throw new Error('no form')
  return form
}

describe('form-store（フォームの値とエラー）', () => {
  it('register した欄の入力を値にし、setValue は欄の表示も変えること', async () => {
    const form = setup()
    await userEvent.type(screen.getByRole('textbox', { name: 'name' }), 'ヤマダ')
    expect(form.getValues('name')).toBe('ヤマダ')
    act(() => form.setValue('name', 'スズキ'))
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'name' }).value).toBe('スズキ')
    expect(form.getValues()).toEqual({ name: 'スズキ', answers: { A: '', B: '' } })
  })

  it('useController と useWatch は、値の変わった購読者だけを描き直すこと', async () => {
    setup()
    renders = []
    await userEvent.type(screen.getByRole('textbox', { name: 'B' }), 'x')
    expect(renders).toEqual(['B'])
    renders = []
    await userEvent.type(screen.getByRole('textbox', { name: 'A' }), 'y')
    expect(renders.sort()).toEqual(['A', 'form'])
    expect(screen.getByRole('status').textContent).toBe('y')
  })

  it('trigger は名前の欄のエラーだけを入れ替え、その欄が通ったかを返すこと', async () => {
    const form = setup()
    act(() => form.setError('name', { type: 'server', message: 'server' }))
    let passed: boolean | undefined
    await act(async () => {
      passed = await form.trigger(['answers.A'])
    })
    expect(passed).toBe(false)
    expect(form.formState.errors).toEqual({
      name: { type: 'server', message: 'server' },
      'answers.A': { type: 'required', message: 'A' },
    })
    act(() => form.setValue('answers.A', 'a'))
    await act(async () => {
      passed = await form.trigger('answers')
    })
    expect(passed).toBe(false)
    expect(Object.keys(form.formState.errors)).toEqual(['name', 'answers.B'])
    act(() => form.clearErrors('answers'))
    expect(form.getFieldState('answers.B')).toEqual({ invalid: false })
    expect(form.getFieldState('name').error?.type).toBe('server')
  })

  it('handleSubmit は通らなければエラーを onInvalid に渡し、通れば値で onValid を呼ぶこと', async () => {
    const form = setup()
    const onValid = vi.fn<(values: Values) => void>()
    const onInvalid = vi.fn<(errors: FieldErrors) => void>()
    const preventDefault = vi.fn()
    await act(() => form.handleSubmit(onValid, onInvalid)({ preventDefault }))
    expect(preventDefault).toHaveBeenCalled()
    expect(onValid).not.toHaveBeenCalled()
    expect(Object.keys(onInvalid.mock.calls[0]?.[0] ?? {})).toEqual([
      'name',
      'answers.A',
      'answers.B',
    ])
    expect(form.formState).toMatchObject({ isSubmitting: false, submitCount: 1 })

    act(() => {
      form.setValue('name', 'n')
      form.setValue('answers.A', 'a')
      form.setValue('answers.B', 'b')
    })
    await act(() =>
      form.handleSubmit((values) => {
        onValid(values)
        // An error set by onValid (the server's) stays.
        form.setError('name', { type: 'server', message: 'taken' })
      })(),
    )
    expect(onValid).toHaveBeenCalledWith({ name: 'n', answers: { A: 'a', B: 'b' } })
    expect(form.formState.errors).toEqual({ name: { type: 'server', message: 'taken' } })
  })

  it('handleSubmit は onValid が投げたエラーを投げ直すこと', async () => {
    const form = setup(() => Promise.resolve({ values: defaults }))
    const failure = new Error('network')
    await expect(
      form.handleSubmit(() => {
        throw failure
      })(),
    ).rejects.toBe(failure)
  })

  it('setFocus は register した欄にも useController の欄にもフォーカスを移すこと', () => {
    const form = setup()
    act(() => form.setFocus('answers.B'))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'B' }))
    act(() => form.setFocus('name'))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'name' }))
  })
})
