// The pose and colour controls, loaded together as one chunk after the page (see ai-poses-page).
export { PoseChoices } from './pose-choices';
export { PosePicker } from './pose-picker';
