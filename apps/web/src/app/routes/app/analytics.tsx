import { ChartColumn } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function AnalyticsRoute() {
  return (
    <ComingSoon
      title={paths.analytics.title}
      icon={ChartColumn}
      description="Track your product images, try-on sessions and extractions over 7, 30 or 90 days."
      highlights={['Daily activity chart', 'Usage trends', 'Peak usage period']}
    />
  );
}
