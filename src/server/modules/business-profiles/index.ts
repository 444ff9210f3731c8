// What other modules may use of modules/business-profiles (docs/ARCHITECTURE.md, Layers and imports).
export {
  type BusinessProfileRow,
  type BusinessProfileValues,
  findProfile,
  updateProfile,
} from './repository.ts';
export { readLogo } from './service.ts';
