// English words of declared resources that differ from the defaults made from their names
// (resources/words.ts: 'initialAmount' → 'Initial amount'), under the keys react-admin reads:
// `resources.<name>.name` (singular |||| plural), `resources.<name>.fields.<field>` (declared fields
// plus the implicit id, createTime, updateTime and scope columns), `resources.<name>.choices.<field>.<VALUE>`
// (numeric selects too: keyed by the choice name, not its stored index) and
// `resources.<name>.actions.<action>`. src/i18n/en.ts lays these over the defaults; a word equal to its
// default does not belong here. tests/unit/registry.test.ts checks every key names a declared one.

export const resourcesEn = {
  resources: {
    users: {
      fields: {
        email: 'E-mail',
        lockedAt: 'Locked since',
      },
      choices: {
        state: {
          ENABLE: 'Enabled',
          DISABLE: 'Disabled',
          LOCK: 'Locked',
          DELETE: 'Deleted',
          WAIT_EMAIL_ACTIVE: 'Waiting for e-mail activation',
        },
        signupState: {
          APPROVAL: 'Approved',
        },
        invitationType: {
          BLANK: 'None',
        },
        // what the user's (or an API key's) access reaches (contract/enums.ts organizationLevelOf)
        organizationLevel: {
          NULL: 'No organisation',
          COMPANY: 'Whole company',
          BRAND: 'One brand',
          STORE: 'One store',
        },
      },
    },
    stampCard: {
      name: 'Stamp Card |||| Stamp Cards',
      fields: {
        maxStampsPerTransaction: 'Most stamps per stamping',
        maxStampsPerMemberPerDay: 'Most stamps per member a day',
        minMinutesBetweenStamps: 'Least minutes between stampings',
        quantity: 'Cards available',
        issuedCount: 'Cards issued',
      },
      choices: {
        state: {
          DELETE: 'Deleted',
        },
      },
    },
    memberCards: {
      name: 'Member Card |||| Member Cards',
      fields: {
        code: 'Card code',
        storeId: 'Issued at',
        price: 'Price paid',
        createTime: 'Issued',
      },
      actions: {
        complete: 'Complete (its last stamp)',
        reopen: 'Reopen (its completing stamping was voided)',
        expireDue: 'Expire (the programme ended)',
      },
    },
    stampsTransaction: {
      name: 'Stamps Transaction |||| Stamps Transactions',
      fields: {
        memberCardState: "Member's card",
        receiptNo: 'Receipt number',
        staffId: 'Stamped by',
        voidDeviceId: 'Voided on device',
        failureCode: 'Refused with code',
        failureReason: 'Why it was refused',
        at: 'Time',
      },
      choices: {
        type: {
          STAMP_CARD_TXN: 'Stamp card',
          VOUCHER_TXN: 'Voucher',
          TOP_UP_TXN: 'Top-up',
        },
      },
    },
    stampingHistory: {
      name: 'Stamps Movement |||| Stamps Movements',
      fields: {
        stampsDelta: 'Stamps +/-',
        memberCardState: "Member's card",
        at: 'Time',
      },
    },
    vouchers: {
      fields: {
        issuedToMobile: 'Issued to',
        redeemedStoreId: 'Redeemed at store',
      },
      actions: {
        withdraw: 'Withdraw (its stamping was voided)',
        expireDue: 'Expire (validity ended)',
      },
    },
    voucherHistory: {
      name: 'Voucher History |||| Voucher History',
      fields: {
        toMemberMobile: 'Donated to',
        at: 'Time',
      },
    },
    members: {
      fields: {
        createTime: 'Joined',
      },
    },
    voucherPacks: {
      name: 'Voucher Pack |||| Voucher Packs',
      fields: {
        issuedCount: 'Issued',
        issueLimitPerMember: 'Limit per member',
        voucherValidityDays: 'Voucher validity (days)',
      },
      choices: {
        state: {
          DELETE: 'Deleted',
        },
      },
    },
    pushTemplates: {
      name: 'Push Notification Template |||| Push Notification Templates',
      fields: {
        imageUrl: 'Image',
      },
    },
    push: {
      name: 'Push Notification |||| Push Notifications',
      fields: {
        audienceBrandId: 'Brand',
        audienceStoreId: 'Store',
        audienceMobile: 'Member mobile',
        segmentFilter: 'Segment filter when sent',
        scheduledAt: 'Scheduled for',
        startedAt: 'Sending started',
        sentCount: 'Sent to',
        failedCount: 'Not delivered',
      },
      choices: {
        audience: {
          BRAND: 'Members of one brand',
          STORE: 'Members of one store',
          MEMBER: 'One member',
          SEGMENT: 'A segment',
        },
      },
    },
    pushDeliveries: {
      name: 'Delivery |||| Deliveries',
      fields: {
        pushId: 'Push notification',
        memberMobile: 'Member',
        body: 'Message',
        provider: 'Sent through',
        tokens: 'App tokens',
      },
      choices: {
        state: {
          DROPPED: 'Token dropped',
        },
      },
    },
    devices: {
      fields: {
        serialNo: 'Serial number',
        firmwareVersion: 'Firmware',
      },
      choices: {
        lifecycle: {
          REGISTER_FAILED: 'Registration failed',
        },
      },
      actions: {
        registerFailed: 'Mark registration failed',
      },
    },
    bannerConfig: {
      name: 'Banner |||| Banner Config',
      fields: {
        imageUrl: 'Image',
        linkUrl: 'Link',
        startAt: 'Starts',
        endAt: 'Ends',
      },
    },
    countryConfig: {
      name: 'Country |||| Country Config',
      fields: {
        timezone: 'Time zone',
        freeTopUp: 'Free top-ups',
      },
    },
    forceUpdateConfig: {
      name: 'Force Update Rule |||| Force Update Config',
      fields: {
        minVersion: 'Minimum version',
        storeUrl: 'App store link',
        force: 'Force update',
      },
      choices: {
        platform: {
          IOS: 'iOS',
        },
      },
    },
    systemConfig: {
      name: 'Setting |||| Settings',
      fields: {
        key: 'Setting',
        description: 'Note',
      },
      choices: {
        key: {
          supportEmail: 'Support e-mail (Help page)',
          supportPhone: 'Support phone (Help page)',
          supportHours: 'Support hours (Help page)',
          requireTwoFactorOperators: 'Require two-factor sign-in for operators (true or false)',
          requireTwoFactorMerchants: 'Require two-factor sign-in for merchants (true or false)',
        },
      },
    },
    industryConfig: {
      name: 'Industry |||| Industries',
    },
    account: {
      name: 'Wallet |||| Wallet Balance',
      fields: {
        accountNo: 'Wallet number',
        lastTopUpAt: 'Last top-up',
        createTime: 'Opened',
      },
    },
    walletTransactions: {
      name: 'Wallet Transaction |||| Wallet History',
      fields: {
        accountId: 'Wallet',
        createTime: 'Time',
      },
      choices: {
        type: {
          TOP_UP_TXN: 'Top-up',
          STAMP_CARD_TXN: 'Member card issued',
          VOUCHER_TXN: 'Vouchers issued',
        },
      },
    },
    maintenanceConfig: {
      name: 'Maintenance window |||| Maintenance windows',
      fields: {
        startAt: 'Starts',
        endAt: 'Ends',
        enabled: 'Shown',
      },
    },
    payments: {
      name: 'Payment |||| Payment History',
      fields: {
        paymentMethod: 'Method',
        stripePaymentIntentId: 'Stripe payment',
        failureMessage: 'Failure',
        createdBy: 'Requested by (user ID)',
        createTime: 'Requested',
      },
      choices: {
        paymentMethod: {
          STRIPE: 'Card (Stripe)',
        },
      },
    },
    memberLevels: {
      name: 'Member Level |||| Member Levels',
    },
    memberLevelRules: {
      name: 'Level Rule |||| Level Rules',
      fields: {
        windowDays: 'Window (days)',
      },
      choices: {
        measure: {
          STAMPS: 'Stamps collected',
          COMPLETED_CARDS: 'Cards completed',
        },
      },
    },
    memberLevelHistory: {
      name: 'Level Move |||| Level Moves',
      fields: {
        reason: 'Why',
        measureValue: 'Measure',
        at: 'When',
      },
      choices: {
        reason: {
          VOID: 'Stamping voided',
          REDEMPTION: 'Voucher redeemed',
          NIGHTLY: 'Nightly review',
          RULES_CHANGED: 'Levels or rule changed',
        },
      },
    },
    segments: {
      fields: {
        filter: 'Who is in it',
      },
    },
    signals: {
      name: 'Fraud Signal |||| Fraud Signals',
      fields: {
        kind: 'What',
        summary: 'What the job saw',
        staffId: 'Staff account',
        windowStart: 'From',
        windowEnd: 'To',
        transactionIds: 'Transactions',
        subjectKey: 'Subject and window',
        createTime: 'Raised',
      },
      choices: {
        kind: {
          STORE_RATE_SPIKE: 'Store stamping far above its norm',
          MEMBER_TWO_STORES: 'Member at two stores minutes apart',
          VOID_CLUSTER: 'Voids clustering on one account or device',
          OUTSIDE_HOURS: 'Device stamping outside store hours',
        },
      },
    },
    company: {
      fields: {
        registrationNo: 'Registration number',
        contactEmail: 'Contact e-mail',
      },
      choices: {
        state: {
          BLANK: 'None',
          DELETE: 'Deleted',
        },
      },
    },
    brand: {
      fields: {
        industryConfigId: 'Industry',
        contactEmail: 'Contact e-mail',
      },
      choices: {
        state: {
          BLANK: 'None',
          DELETE: 'Deleted',
        },
      },
    },
    store: {
      choices: {
        state: {
          BLANK: 'None',
          DELETE: 'Deleted',
        },
      },
    },
    merchantSignup: {
      name: 'Merchant Signup |||| Merchant Signups',
      fields: {
        requestKind: 'Request',
        userId: 'Requested by',
        registrationNo: 'Registration number',
        contactEmail: 'Contact e-mail',
      },
      choices: {
        approval: {
          REJECT: 'Rejected',
        },
      },
    },
    userGroups: {
      name: 'User Group |||| User Groups',
    },
    products: {
      fields: {
        sku: 'SKU',
      },
      choices: {
        state: {
          DELETE: 'Deleted',
        },
      },
    },
    auditLog: {
      name: 'Audit Entry |||| Audit Log',
      fields: {
        actorId: 'User ID',
        actorEmail: 'User',
        companyId: 'Company ID',
        createTime: 'Time',
      },
    },
  },
};
