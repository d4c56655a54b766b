import { useMemo, useState, useSyncExternalStore, type ChangeEvent } from 'react'

// The form kit's own form state (ADR 0013): the part of react-hook-form's API that our forms use,
// with the same meaning, in a fraction of its size. Values are held by dotted path
// ('insrdInfoArray.0.insrdNameKana', 'itemAnswers.CODE'); errors are flat, one per path. It
// validates only when asked (trigger, handleSubmit): react-hook-form's mode 'onSubmit' with
// reValidateMode 'onSubmit' and shouldFocusError false, which the form kit used. The
// validation-scheduler decides when a field is checked.
//
// - register(name): uncontrolled text-like controls (input, textarea, select) whose value is a
//   string. Radios, checkboxes and dates go through useController (RadioGroup, CheckboxGroup,
//   DateInput).
// - useController / useWatch re-render their component only when their value changes; the
//   component of useForm re-renders when the errors or the submit state change, and when a value
//   it read with watch(name) changes.

// ---- paths ----------------------------------------------------------------------------------

/** Any object of form values. */
export type FieldValues = object

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date

type PathOf<K extends string, V> = V extends Primitive
  ? K
  : V extends readonly (infer E)[]
    ? K | `${K}.${number}` | (E extends Primitive ? never : `${K}.${number}.${FieldPath<E>}`)
    : K | `${K}.${FieldPath<V>}`

/** Every dotted path into T: 'a', 'a.b', 'list.0', 'list.0.c', 'record.${string}'. */
export type FieldPath<T> = { [K in keyof T & string]-?: PathOf<K, T[K]> }[keyof T & string]

/** The type of the value at path P of T. */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer R}`
  ? K extends keyof T
    ? PathValue<T[K], R>
    : T extends readonly (infer E)[]
      ? PathValue<E, R>
      : never
  : P extends keyof T
    ? T[P]
    : T extends readonly (infer E)[]
      ? E
      : never

/** The paths of T whose value is a V (e.g. the string fields for a RadioGroup). */
export type FieldPathByValue<T, V> = {
  [P in FieldPath<T>]: PathValue<T, P> extends V ? P : never
}[FieldPath<T>]

export type DefaultValues<T> = T

function keysOf(path: string): string[] {
  return path.split('.')
}

function getIn(source: unknown, path: string): unknown {
  let node = source
  for (const key of keysOf(path)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** A copy of `source` with the value at `keys` replaced; the untouched branches are shared. */
function setIn(source: unknown, keys: readonly string[], value: unknown): unknown {
  const [key, ...rest] = keys
  if (key === undefined) return value
  const base: object =
    source !== null && typeof source === 'object' ? source : /^\d+$/.test(key) ? [] : {}
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...base }) as Record<
    string,
    unknown
  >
  copy[key] = setIn(copy[key], rest, value)
  return copy
}

/** `name` itself or a path inside it. */
function isWithin(path: string, name: string): boolean {
  return path === name || path.startsWith(`${name}.`)
}

// ---- errors and the resolver ----------------------------------------------------------------

export interface FieldError {
  /** the rule (a zod issue code), or 'server' for the server's `issues` (use-step-form) */
  type: string
  message?: string | undefined
}

/** The errors of a form by field path, e.g. { 'itemAnswers.A01': { type, message } }. */
export type FieldErrors = Readonly<Record<string, FieldError>>

export type ResolverResult<TTransformed> =
  { values: TTransformed; errors?: undefined } | { values?: undefined; errors: FieldErrors }

/** Checks the whole values: the parsed values, or at least one error. */
export type Resolver<TFieldValues, TTransformed> = (
  values: TFieldValues,
) => Promise<ResolverResult<TTransformed>>

export interface FormState {
  errors: FieldErrors
  isSubmitting: boolean
  submitCount: number
}

// ---- the store ------------------------------------------------------------------------------

type TextElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface RegisteredProps<TName extends string> {
  name: TName
  ref: (element: TextElement | null) => void
  onChange: (event: ChangeEvent<TextElement>) => void
  onBlur: () => void
}

/** What a field's own control needs (RadioGroup, CheckboxGroup, DateInput, ItemField). */
export interface Control<TFieldValues extends FieldValues, TTransformed = TFieldValues> {
  resolver: Resolver<TFieldValues, TTransformed>
  subscribe: (listener: () => void) => () => void
  values: () => TFieldValues
  formState: () => FormState
  setValue: (name: string, value: unknown) => void
  /** the element setFocus moves focus to; null when the control goes */
  setFocusTarget: (name: string, element: HTMLElement | null) => void
}

export interface UseFormReturn<TFieldValues extends FieldValues, TTransformed = TFieldValues> {
  control: Control<TFieldValues, TTransformed>
  /** the current errors and submit state (the component re-renders when they change) */
  readonly formState: FormState
  /** props for a native text-like control: `<input {...form.register('name')} />` */
  register: <TName extends FieldPath<TFieldValues>>(name: TName) => RegisteredProps<TName>
  getValues: {
    (): TFieldValues
    <TName extends FieldPath<TFieldValues>>(name: TName): PathValue<TFieldValues, TName>
  }
  setValue: <TName extends FieldPath<TFieldValues>>(
    name: TName,
    value: PathValue<TFieldValues, TName>,
  ) => void
  /** the value, and re-renders the form's component when it changes */
  watch: <TName extends FieldPath<TFieldValues>>(name: TName) => PathValue<TFieldValues, TName>
  setFocus: (name: FieldPath<TFieldValues>) => void
  getFieldState: (name: FieldPath<TFieldValues>) => { invalid: boolean; error?: FieldError }
  setError: (name: FieldPath<TFieldValues>, error: FieldError) => void
  /** the errors of these fields and of everything inside them; all errors without a name */
  clearErrors: (name?: FieldPath<TFieldValues> | readonly FieldPath<TFieldValues>[]) => void
  /**
   * Runs the resolver on the whole values and takes the errors of these fields (and of what is
   * inside them) from its result, leaving the others as they are; every field's without a name.
   * Resolves to whether those fields passed.
   */
  trigger: (name?: FieldPath<TFieldValues> | readonly FieldPath<TFieldValues>[]) => Promise<boolean>
  /**
   * A submit handler: runs the resolver; on success clears the errors and calls onValid with its
   * values (an error it throws is rethrown), otherwise shows the errors and calls onInvalid.
   */
  handleSubmit: (
    onValid: (values: TTransformed) => Promise<void> | void,
    onInvalid?: (errors: FieldErrors) => Promise<void> | void,
  ) => (event?: { preventDefault: () => void }) => Promise<void>
}

export interface UseFormOptions<TFieldValues extends FieldValues, TTransformed> {
  /** read on every render, so a schema that changes with the screen is used at once */
  resolver: Resolver<TFieldValues, TTransformed>
  defaultValues: DefaultValues<TFieldValues>
}

/** A registered control's text: its values are strings. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function valueOfEvent(input: unknown): unknown {
  const target: unknown =
    input !== null && typeof input === 'object' && 'target' in input ? input.target : undefined
  if (target === null || typeof target !== 'object' || !('value' in target)) return input
  if ('type' in target && target.type === 'checkbox' && 'checked' in target) return target.checked
  return target.value
}

function createForm<TFieldValues extends FieldValues, TTransformed>(
  options: UseFormOptions<TFieldValues, TTransformed>,
): UseFormReturn<TFieldValues, TTransformed> & { hostVersion: () => number } {
  let values: unknown = options.defaultValues
  let state: FormState = { errors: {}, isSubmitting: false, submitCount: 0 }
  let hostVersion = 0
  const listeners = new Set<() => void>()
  const watched = new Set<string>()
  const inputs = new Map<string, TextElement>()
  const focusTargets = new Map<string, HTMLElement>()
  const registered = new Map<string, RegisteredProps<string>>()

  const notify = () => {
    for (const listener of listeners) listener()
  }
  const setState = (next: Partial<FormState>) => {
    state = { ...state, ...next }
    hostVersion += 1
    notify()
  }
  const setErrors = (errors: FieldErrors) => setState({ errors })

  const setValue = (name: string, value: unknown) => {
    const input = inputs.get(name)
    if (input !== undefined && input.value !== value) input.value = asText(value)
    if (Object.is(getIn(values, name), value)) return
    values = setIn(values, keysOf(name), value)
    for (const watchedName of watched) {
      if (isWithin(watchedName, name) || isWithin(name, watchedName)) {
        hostVersion += 1
        break
      }
    }
    notify()
  }

  const control: Control<TFieldValues, TTransformed> = {
    resolver: options.resolver,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    values: () => values as TFieldValues,
    formState: () => state,
    setValue,
    setFocusTarget: (name, element) => {
      if (element === null) focusTargets.delete(name)
      else focusTargets.set(name, element)
    },
  }

  const namesOf = (name: undefined | string | readonly string[]) =>
    name === undefined ? undefined : typeof name === 'string' ? [name] : name

  const withoutErrorsOf = (names: readonly string[]): Record<string, FieldError> =>
    Object.fromEntries(
      Object.entries(state.errors).filter(([path]) => !names.some((name) => isWithin(path, name))),
    )

  return {
    control,
    get formState() {
      return state
    },
    hostVersion: () => hostVersion,
    register: <TName extends string>(name: TName) => {
      let props = registered.get(name)
      if (props === undefined) {
        props = {
          name,
          ref: (element) => {
            if (element === null) {
              inputs.delete(name)
              return
            }
            if (inputs.get(name) === element) return
            inputs.set(name, element)
            const value = getIn(values, name)
            // A value the form does not have yet is taken from the control, as it is.
            if (value === undefined) values = setIn(values, keysOf(name), element.value)
            else element.value = asText(value)
          },
          onChange: (event) => setValue(name, event.target.value),
          onBlur: () => {},
        }
        registered.set(name, props)
      }
      return props as RegisteredProps<TName>
    },
    getValues: ((name?: string) =>
      name === undefined ? values : getIn(values, name)) as UseFormReturn<
      TFieldValues,
      TTransformed
    >['getValues'],
    setValue: (name, value) => setValue(name, value),
    watch: (name) => {
      watched.add(name)
      return getIn(values, name) as PathValue<TFieldValues, typeof name>
    },
    setFocus: (name) => {
      ;(inputs.get(name) ?? focusTargets.get(name))?.focus()
    },
    getFieldState: (name) => {
      const error = state.errors[name]
      return error === undefined ? { invalid: false } : { invalid: true, error }
    },
    setError: (name, error) => setErrors({ ...state.errors, [name]: error }),
    clearErrors: (name) => {
      const names = namesOf(name)
      setErrors(names === undefined ? {} : withoutErrorsOf(names))
    },
    trigger: async (name) => {
      const names = namesOf(name)
      const found = (await control.resolver(values as TFieldValues)).errors ?? {}
      const foundPaths = Object.keys(found)
      if (names === undefined) {
        setErrors(found)
        return foundPaths.length === 0
      }
      const errors = withoutErrorsOf(names)
      for (const path of foundPaths) {
        const error = found[path]
        if (error !== undefined && names.some((each) => isWithin(path, each))) errors[path] = error
      }
      setErrors(errors)
      return !foundPaths.some((path) => names.some((each) => isWithin(path, each)))
    },
    handleSubmit: (onValid, onInvalid) => async (event) => {
      event?.preventDefault()
      setState({ isSubmitting: true })
      const result = await control.resolver(values as TFieldValues)
      let failure: { error: unknown } | undefined
      if (result.errors === undefined) {
        setErrors({})
        try {
          await onValid(result.values)
        } catch (error) {
          failure = { error }
        }
      } else {
        state = { ...state, errors: result.errors }
        await onInvalid?.(result.errors)
      }
      // The errors as they are now: onValid may have set the server's.
      setState({ isSubmitting: false, submitCount: state.submitCount + 1 })
      if (failure !== undefined) throw failure.error
    },
  }
}

// ---- hooks ----------------------------------------------------------------------------------

/** One form's store; the component re-renders when the errors or the submit state change. */
export function useForm<TFieldValues extends FieldValues, TTransformed = TFieldValues>(
  options: UseFormOptions<TFieldValues, TTransformed>,
): UseFormReturn<TFieldValues, TTransformed> {
  const [form] = useState(() => createForm(options))
  form.control.resolver = options.resolver
  // The same snapshot on the server: a form renders there with its defaults (ADR 0036).
  useSyncExternalStore(form.control.subscribe, form.hostVersion, form.hostVersion)
  return form
}

/** The current value at `name`, or all the values; re-renders only when that value changes. */
export function useWatch<TFieldValues extends FieldValues, TTransformed>(props: {
  control: Control<TFieldValues, TTransformed>
}): TFieldValues
export function useWatch<
  TFieldValues extends FieldValues,
  TTransformed,
  TName extends FieldPath<TFieldValues>,
>(props: {
  control: Control<TFieldValues, TTransformed>
  name: TName
}): PathValue<TFieldValues, TName>
export function useWatch({
  control,
  name,
}: {
  control: Control<FieldValues, unknown>
  name?: string
}): unknown {
  const snapshot = () => (name === undefined ? control.values() : getIn(control.values(), name))
  return useSyncExternalStore(control.subscribe, snapshot, snapshot)
}

export interface ControllerField<TValue, TName extends string> {
  name: TName
  value: TValue
  /** takes the new value, or a change event of an input, textarea or select */
  onChange: (valueOrEvent: unknown) => void
  onBlur: () => void
  /** the element that setFocus(name) focuses */
  ref: (element: HTMLElement | null) => void
}

/** A field whose control is a component of its own (a group of radios, the date boxes). */
export function useController<
  TFieldValues extends FieldValues,
  TTransformed,
  TName extends FieldPath<TFieldValues>,
>({
  control,
  name,
}: {
  control: Control<TFieldValues, TTransformed>
  name: TName
}): {
  field: ControllerField<PathValue<TFieldValues, TName>, TName>
  fieldState: { invalid: boolean; error?: FieldError }
} {
  const value = useWatch<TFieldValues, TTransformed, TName>({ control, name })
  const errorOf = () => control.formState().errors[name]
  const error = useSyncExternalStore(control.subscribe, errorOf, errorOf)
  const handlers = useMemo(
    () => ({
      onChange: (valueOrEvent: unknown) => control.setValue(name, valueOfEvent(valueOrEvent)),
      onBlur: () => {},
      ref: (element: HTMLElement | null) => control.setFocusTarget(name, element),
    }),
    [control, name],
  )
  return {
    field: { name, value, ...handlers },
    fieldState: error === undefined ? { invalid: false } : { invalid: true, error },
  }
}
