import { DevelopersPage } from '@/features/developers';

export default DevelopersPage;
