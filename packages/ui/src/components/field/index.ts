export { Field, type FieldProps } from './field';
export { useFieldControl, type FieldControlProps } from './field-context';
