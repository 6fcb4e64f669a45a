import { Page } from '@/components/layout/page';
import { Accordion } from '@/components/ui/accordion';
import { RichText } from '@/lib/i18n/rich-text';
import { useT } from '@/lib/i18n/use-t';

/** Accordion of Documentation, Project origin, News and updates, Error reporting, Discussion (spec §2). */
export function AboutPage() {
  const t = useT();
  return (
    <Page title={t('about.AboutOpendtu')}>
      <Accordion
        defaultOpen={['documentation']}
        sections={[
          {
            id: 'documentation',
            title: t('about.Documentation'),
            content: <RichText text={t('about.DocumentationBody')} />,
          },
          {
            id: 'origin',
            title: t('about.ProjectOrigin'),
            content: (
              <>
                <p>
                  <RichText text={t('about.ProjectOriginBody1')} />
                </p>
                <p>
                  <RichText text={t('about.ProjectOriginBody2')} />
                </p>
                <p>
                  <RichText text={t('about.ProjectOriginBody3')} />
                </p>
                <p className="mb-0">
                  <RichText text={t('about.ProjectOriginBody4')} />
                </p>
              </>
            ),
          },
          {
            id: 'news',
            title: t('about.NewsUpdates'),
            content: <RichText text={t('about.NewsUpdatesBody')} />,
          },
          {
            id: 'errors',
            title: t('about.ErrorReporting'),
            content: <RichText text={t('about.ErrorReportingBody')} />,
          },
          {
            id: 'discussion',
            title: t('about.Discussion'),
            content: <RichText text={t('about.DiscussionBody')} />,
          },
        ]}
      />
    </Page>
  );
}
