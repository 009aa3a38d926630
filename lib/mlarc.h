/* mlarc.h: the public API of libmlarc; includes every public header. */
#pragma once

#include "mla-api.h"
#include "mla-error.h"
#include "mla-defect.h"
#include "mla-mbox.h"
#include "mla-maildir.h"
#include "mla-source.h"
#include "mla-message.h"
#include "mla-archive.h"
#include "mla-record.h"
#include "mla-agenda.h"
#include "mla-agenda-rules.h"
#include "mla-agenda-format.h"
#include "mla-agenda-mail.h"
#include "mla-subject.h"
