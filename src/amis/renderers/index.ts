import { PlateTagRenderer } from './PlateTag';
import { ImagePreviewRenderer } from './ImagePreview';
import { ImageUploadRenderer } from './ImageUpload';
import { LocationPickerRenderer } from './LocationPicker';
import { IntegerInputRenderer, MoneyInputRenderer, PlateInputRenderer } from './FilteredInputs';
import { ListPlaceholderRenderer } from './ListPlaceholder';

/**
 * The project's custom renderers: pc-plate, pc-image-preview, pc-image-upload, pc-location,
 * pc-input-money, pc-input-integer, pc-input-plate, pc-list-placeholder. Each module registers itself when evaluated; naming them
 * here keeps that in one place (and out of reach of tree shaking).
 */
export const CUSTOM_RENDERERS = [
  PlateTagRenderer,
  ImagePreviewRenderer,
  ImageUploadRenderer,
  LocationPickerRenderer,
  MoneyInputRenderer,
  IntegerInputRenderer,
  PlateInputRenderer,
  ListPlaceholderRenderer,
];

export function registerRenderers(): number {
  return CUSTOM_RENDERERS.length;
}
