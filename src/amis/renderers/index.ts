import { PlateTagRenderer } from './plate-tag';
import { ImagePreviewRenderer } from './image-preview';
import { ImageUploadRenderer } from './image-upload';
import { LocationPickerRenderer } from './location-picker';
import { IntegerInputRenderer, MoneyInputRenderer, PlateInputRenderer } from './filtered-inputs';
import { ListPlaceholderRenderer } from './list-placeholder';
import { ComingSoonRenderer } from './coming-soon';
import { RouteTitleRenderer } from './route-title';

/**
 * The project's custom renderers: pc-plate, pc-image-preview, pc-image-upload, pc-location,
 * pc-input-money, pc-input-integer, pc-input-plate, pc-list-placeholder, pc-coming-soon, pc-route-title. Each module registers itself when evaluated; naming them
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
  ComingSoonRenderer,
  RouteTitleRenderer,
];

export function registerRenderers(): number {
  return CUSTOM_RENDERERS.length;
}
