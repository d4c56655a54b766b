import { FIELD_ATTRIBUTE } from './field-parts.tsx'

/** SPEC §5.3: "fields are validated in turn, with a 5 ms debounce". */
export const VALIDATION_DEBOUNCE_MS = 5

export interface ValidationTarget {
  /** Validates these fields now, and only these (the form store's `trigger(names)`). */
  validate: (names: string[]) => void
  /** The field's current message, if any, and whether the server gave it. */
  errorOf: (name: string) => { fromServer: boolean } | undefined
}

export interface ValidationScheduler {
  /** Drops what is waiting (a submit validates everything itself). */
  cancel: () => void
  /** Removes the listeners. */
  dispose: () => void
}

interface Pending {
  /** the whole field: its control, or the fieldset of a group */
  container: Element
  /** focus left the control, or a text box's value was committed (native `change`) */
  left: boolean
  /** a radio, checkbox or select was changed: a choice is complete as soon as it is made */
  chosen: boolean
  /** the value was edited while the field showed a message */
  edited: boolean
}

const CHOICE_TYPES = new Set(['checkbox', 'radio', 'select-one', 'select-multiple'])

function fieldOf(target: EventTarget | null): { name: string; container: Element } | undefined {
  if (!(target instanceof Element)) return undefined
  const container = target.closest(`[${FIELD_ATTRIBUTE}]`)
  const name = container?.getAttribute(FIELD_ATTRIBUTE)
  if (container && name) return { name, container }
  const ownName = target.getAttribute('name')
  return ownName ? { name: ownName, container: target } : undefined
}

function isChoice(target: EventTarget | null): boolean {
  return (
    (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) &&
    CHOICE_TYPES.has(target.type)
  )
}

/**
 * When a field is validated (SPEC §5.3: when focus leaves it and on change, not on input, with a
 * 5 ms debounce), from the events that bubble to the form:
 *
 * - focus leaves the field (`focusout`), or a text box's value is committed (`change`, which a
 *   browser also fires for autofill): validated once focus is outside the *whole* field. Moving
 *   between the boxes of a date or the boxes of a checkbox group is not leaving it.
 * - a radio, checkbox or select changes: validated, even while focus stays in the group.
 * - typing (`input`): nothing, unless the field shows a message; then it is validated again, so
 *   the message changes or goes away as soon as the value is valid. A message never appears while
 *   the user is typing into a field that had none.
 * - a message the server gave stays when focus merely passes through its field; an edit re-checks.
 *
 * Every event (re)starts one 5 ms timer; when it fires, the fields collected since are validated
 * together, each on its own (`validate(names)`). A burst — focusout then change of one box, autofill
 * of several boxes, the three date boxes — becomes one validation on settled values and focus.
 */
export function scheduleFieldValidation(
  form: HTMLFormElement,
  target: ValidationTarget,
  delayMs: number = VALIDATION_DEBOUNCE_MS,
): ValidationScheduler {
  const pending = new Map<string, Pending>()
  let timer: ReturnType<typeof setTimeout> | undefined

  function note(event: Event, update: (entry: Pending) => void): void {
    const field = fieldOf(event.target)
    if (field === undefined) return
    const entry = pending.get(field.name) ?? {
      container: field.container,
      left: false,
      chosen: false,
      edited: false,
    }
    update(entry)
    pending.set(field.name, entry)
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(flush, delayMs)
  }

  function flush(): void {
    timer = undefined
    const focused = form.ownerDocument.activeElement
    const names: string[] = []
    for (const [name, entry] of pending) {
      const isOutside = focused === null || !entry.container.contains(focused)
      const shouldValidate =
        entry.chosen ||
        entry.edited ||
        (entry.left && isOutside && target.errorOf(name)?.fromServer !== true)
      if (shouldValidate) names.push(name)
    }
    pending.clear()
    if (names.length > 0) target.validate(names)
  }

  const onFocusOut = (event: Event) => {
    note(event, (entry) => {
      entry.left = true
    })
  }
  const onChange = (event: Event) => {
    const chosen = isChoice(event.target)
    note(event, (entry) => {
      if (chosen) entry.chosen = true
      else entry.left = true
    })
  }
  const onInput = (event: Event) => {
    const field = fieldOf(event.target)
    if (field === undefined || target.errorOf(field.name) === undefined) return
    note(event, (entry) => {
      entry.edited = true
    })
  }

  form.addEventListener('focusout', onFocusOut)
  form.addEventListener('change', onChange)
  form.addEventListener('input', onInput)

  function cancel(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending.clear()
  }

  return {
    cancel,
    dispose() {
      cancel()
      form.removeEventListener('focusout', onFocusOut)
      form.removeEventListener('change', onChange)
      form.removeEventListener('input', onInput)
    },
  }
}
