import { ColourwaysPage } from '@/features/tools/colourways';

export default ColourwaysPage;
