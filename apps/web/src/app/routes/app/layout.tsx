import { AppLayout } from '@/features/shell/components/app-layout';

export default AppLayout;
