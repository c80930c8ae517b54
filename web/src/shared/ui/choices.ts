/**
 * The `data` of a Select or SegmentedControl from a record of labels by value, in the record's order.
 * The values are names, never integer-like keys (`'23'`), which an object would list first.
 */
export function choicesOf<Value extends string>(labels: Record<Value, string>): { value: Value; label: string }[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }));
}
