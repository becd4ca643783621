export {
  isSustainabilityAttribute,
  SustainabilityIcon,
  sustainabilityAttributeLabel,
  sustainabilityAttributes,
  sustainabilityGlyph,
  type SustainabilityAttribute,
  type SustainabilityGlyph,
  type SustainabilityIconProps,
} from './sustainability-icon.tsx';
