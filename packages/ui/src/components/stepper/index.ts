export {
  Stepper,
  stepperVariants,
  stepState,
  type StepperProps,
  type StepperStep,
  type StepState,
} from './stepper.tsx';
