import { AiPosesPage } from '@/features/tools/ai-poses';

export default AiPosesPage;
