import { AngleSetPage } from '@/features/tools/angle-set';

export default AngleSetPage;
