import { AiDesignerPage } from '@/features/tools/ai-designer';

export default AiDesignerPage;
