export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      affiliate_links: {
        Row: {
          affiliate_id: string
          code: string
          created_at: string
          destination_url: string
          expires_at: string | null
          id: string
          is_active: boolean
          product_id: string | null
          program_id: string | null
          title: string | null
          updated_at: string
        }
        Insert: {
          affiliate_id: string
          code: string
          created_at?: string
          destination_url: string
          expires_at?: string | null
          id?: string
          is_active?: boolean
          product_id?: string | null
          program_id?: string | null
          title?: string | null
          updated_at?: string
        }
        Update: {
          affiliate_id?: string
          code?: string
          created_at?: string
          destination_url?: string
          expires_at?: string | null
          id?: string
          is_active?: boolean
          product_id?: string | null
          program_id?: string | null
          title?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "affiliate_links_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "affiliate_links_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "affiliate_links_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "affiliate_links_program_id_fkey"
            columns: ["program_id"]
            isOneToOne: false
            referencedRelation: "affiliate_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      affiliate_programs: {
        Row: {
          auto_approve: boolean
          commission_flat_cents: number | null
          commission_rate_bps: number | null
          commission_type: string
          cookie_window_days: number
          created_at: string
          currency: string
          description: string | null
          holding_days: number
          id: string
          merchant_id: string
          name: string
          status: string
          terms: string | null
          updated_at: string
        }
        Insert: {
          auto_approve?: boolean
          commission_flat_cents?: number | null
          commission_rate_bps?: number | null
          commission_type: string
          cookie_window_days?: number
          created_at?: string
          currency?: string
          description?: string | null
          holding_days?: number
          id?: string
          merchant_id: string
          name: string
          status?: string
          terms?: string | null
          updated_at?: string
        }
        Update: {
          auto_approve?: boolean
          commission_flat_cents?: number | null
          commission_rate_bps?: number | null
          commission_type?: string
          cookie_window_days?: number
          created_at?: string
          currency?: string
          description?: string | null
          holding_days?: number
          id?: string
          merchant_id?: string
          name?: string
          status?: string
          terms?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "affiliate_programs_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "merchant_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      certificates: {
        Row: {
          code: string
          course_id: string
          id: string
          issued_at: string
          user_id: string
        }
        Insert: {
          code: string
          course_id: string
          id?: string
          issued_at?: string
          user_id: string
        }
        Update: {
          code?: string
          course_id?: string
          id?: string
          issued_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "certificates_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      comments: {
        Row: {
          author_id: string
          body: string
          created_at: string
          id: string
          parent_id: string | null
          post_id: string
          status: string
          updated_at: string
        }
        Insert: {
          author_id: string
          body: string
          created_at?: string
          id?: string
          parent_id?: string | null
          post_id: string
          status?: string
          updated_at?: string
        }
        Update: {
          author_id?: string
          body?: string
          created_at?: string
          id?: string
          parent_id?: string | null
          post_id?: string
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "comments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "posts"
            referencedColumns: ["id"]
          },
        ]
      }
      commission_balances: {
        Row: {
          affiliate_id: string
          amount_cents: number
          currency: string
          sales: number
          status: string
        }
        Insert: {
          affiliate_id: string
          amount_cents?: number
          currency: string
          sales?: number
          status: string
        }
        Update: {
          affiliate_id?: string
          amount_cents?: number
          currency?: string
          sales?: number
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "commission_balances_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commission_balances_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      commission_daily: {
        Row: {
          affiliate_id: string
          amount_cents: number
          currency: string
          day: string
          link_key: string
          sales: number
          status: string
        }
        Insert: {
          affiliate_id: string
          amount_cents?: number
          currency: string
          day: string
          link_key: string
          sales?: number
          status: string
        }
        Update: {
          affiliate_id?: string
          amount_cents?: number
          currency?: string
          day?: string
          link_key?: string
          sales?: number
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "commission_daily_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commission_daily_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      commissions: {
        Row: {
          affiliate_id: string
          amount_cents: number
          approved_at: string | null
          available_at: string
          created_at: string
          currency: string
          id: string
          kind: string
          link_id: string | null
          merchant_id: string
          order_id: string
          paid_at: string | null
          payout_id: string | null
          program_id: string
          reversed_at: string | null
          reverses_commission_id: string | null
          status: string
          updated_at: string
        }
        Insert: {
          affiliate_id: string
          amount_cents: number
          approved_at?: string | null
          available_at: string
          created_at?: string
          currency?: string
          id?: string
          kind?: string
          link_id?: string | null
          merchant_id: string
          order_id: string
          paid_at?: string | null
          payout_id?: string | null
          program_id: string
          reversed_at?: string | null
          reverses_commission_id?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          affiliate_id?: string
          amount_cents?: number
          approved_at?: string | null
          available_at?: string
          created_at?: string
          currency?: string
          id?: string
          kind?: string
          link_id?: string | null
          merchant_id?: string
          order_id?: string
          paid_at?: string | null
          payout_id?: string | null
          program_id?: string
          reversed_at?: string | null
          reverses_commission_id?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "commissions_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_link_id_fkey"
            columns: ["link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "merchant_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_payout_id_fkey"
            columns: ["payout_id"]
            isOneToOne: false
            referencedRelation: "payouts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_program_id_fkey"
            columns: ["program_id"]
            isOneToOne: false
            referencedRelation: "affiliate_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "commissions_reverses_commission_id_fkey"
            columns: ["reverses_commission_id"]
            isOneToOne: false
            referencedRelation: "commissions"
            referencedColumns: ["id"]
          },
        ]
      }
      contact_messages: {
        Row: {
          created_at: string
          email: string
          id: string
          message: string
          name: string
          organisation: string | null
          sender_id: string | null
          source: string
          subject: string | null
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          message: string
          name: string
          organisation?: string | null
          sender_id?: string | null
          source?: string
          subject?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          message?: string
          name?: string
          organisation?: string | null
          sender_id?: string | null
          source?: string
          subject?: string | null
        }
        Relationships: []
      }
      conversations: {
        Row: {
          affiliate_id: string
          created_at: string
          id: string
          last_message_at: string | null
          merchant_id: string
          program_id: string | null
          subject: string | null
        }
        Insert: {
          affiliate_id: string
          created_at?: string
          id?: string
          last_message_at?: string | null
          merchant_id: string
          program_id?: string | null
          subject?: string | null
        }
        Update: {
          affiliate_id?: string
          created_at?: string
          id?: string
          last_message_at?: string | null
          merchant_id?: string
          program_id?: string | null
          subject?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "conversations_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_program_id_fkey"
            columns: ["program_id"]
            isOneToOne: false
            referencedRelation: "affiliate_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      course_modules: {
        Row: {
          body: string
          course_id: string
          created_at: string
          duration_minutes: number | null
          id: string
          position: number
          title: string
          updated_at: string
          video_url: string | null
        }
        Insert: {
          body?: string
          course_id: string
          created_at?: string
          duration_minutes?: number | null
          id?: string
          position: number
          title: string
          updated_at?: string
          video_url?: string | null
        }
        Update: {
          body?: string
          course_id?: string
          created_at?: string
          duration_minutes?: number | null
          id?: string
          position?: number
          title?: string
          updated_at?: string
          video_url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "course_modules_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
      courses: {
        Row: {
          audience: string
          author_id: string | null
          cover_image: string | null
          created_at: string
          description: string | null
          estimated_minutes: number | null
          id: string
          is_published: boolean
          level: string
          slug: string
          summary: string | null
          title: string
          updated_at: string
        }
        Insert: {
          audience?: string
          author_id?: string | null
          cover_image?: string | null
          created_at?: string
          description?: string | null
          estimated_minutes?: number | null
          id?: string
          is_published?: boolean
          level?: string
          slug: string
          summary?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          audience?: string
          author_id?: string | null
          cover_image?: string | null
          created_at?: string
          description?: string | null
          estimated_minutes?: number | null
          id?: string
          is_published?: boolean
          level?: string
          slug?: string
          summary?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "courses_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "courses_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      engagement_metrics: {
        Row: {
          created_at: string
          id: number
          metadata: Json
          metric_type: string
          metric_value: number | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          id?: never
          metadata?: Json
          metric_type: string
          metric_value?: number | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          id?: never
          metadata?: Json
          metric_type?: string
          metric_value?: number | null
          user_id?: string | null
        }
        Relationships: []
      }
      enrollments: {
        Row: {
          completed_at: string | null
          course_id: string
          enrolled_at: string
          id: string
          user_id: string
        }
        Insert: {
          completed_at?: string | null
          course_id: string
          enrolled_at?: string
          id?: string
          user_id: string
        }
        Update: {
          completed_at?: string | null
          course_id?: string
          enrolled_at?: string
          id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "enrollments_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "enrollments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "enrollments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      link_click_daily: {
        Row: {
          bot_clicks: number
          clicks: number
          day: string
          link_id: string
          unique_clicks: number
        }
        Insert: {
          bot_clicks?: number
          clicks?: number
          day: string
          link_id: string
          unique_clicks?: number
        }
        Update: {
          bot_clicks?: number
          clicks?: number
          day?: string
          link_id?: string
          unique_clicks?: number
        }
        Relationships: [
          {
            foreignKeyName: "link_click_daily_link_id_fkey"
            columns: ["link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
        ]
      }
      link_clicks: {
        Row: {
          browser: string | null
          clicked_at: string
          country: string | null
          device: string
          id: number
          is_bot: boolean
          is_unique: boolean
          link_id: string
          public_id: string | null
          referrer: string | null
          visitor_hash: string
        }
        Insert: {
          browser?: string | null
          clicked_at?: string
          country?: string | null
          device?: string
          id?: never
          is_bot?: boolean
          is_unique?: boolean
          link_id: string
          public_id?: string | null
          referrer?: string | null
          visitor_hash: string
        }
        Update: {
          browser?: string | null
          clicked_at?: string
          country?: string | null
          device?: string
          id?: never
          is_bot?: boolean
          is_unique?: boolean
          link_id?: string
          public_id?: string | null
          referrer?: string | null
          visitor_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "link_clicks_link_id_fkey"
            columns: ["link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
        ]
      }
      link_page_items: {
        Row: {
          affiliate_link_id: string | null
          created_at: string
          id: string
          is_visible: boolean
          kind: string
          label: string | null
          page_id: string
          position: number
          product_id: string | null
          url: string | null
        }
        Insert: {
          affiliate_link_id?: string | null
          created_at?: string
          id?: string
          is_visible?: boolean
          kind: string
          label?: string | null
          page_id: string
          position?: number
          product_id?: string | null
          url?: string | null
        }
        Update: {
          affiliate_link_id?: string | null
          created_at?: string
          id?: string
          is_visible?: boolean
          kind?: string
          label?: string | null
          page_id?: string
          position?: number
          product_id?: string | null
          url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "link_page_items_affiliate_link_id_fkey"
            columns: ["affiliate_link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "link_page_items_page_id_fkey"
            columns: ["page_id"]
            isOneToOne: false
            referencedRelation: "link_pages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "link_page_items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      link_pages: {
        Row: {
          avatar_url: string | null
          bio: string | null
          created_at: string
          id: string
          is_published: boolean
          owner_id: string
          theme: string
          title: string
          updated_at: string
        }
        Insert: {
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          id?: string
          is_published?: boolean
          owner_id: string
          theme?: string
          title: string
          updated_at?: string
        }
        Update: {
          avatar_url?: string | null
          bio?: string | null
          created_at?: string
          id?: string
          is_published?: boolean
          owner_id?: string
          theme?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "link_pages_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "link_pages_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: true
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      merchant_profiles: {
        Row: {
          approval_status: string
          approved_at: string | null
          approved_by: string | null
          company_name: string
          country: string | null
          created_at: string
          description: string | null
          id: string
          logo_url: string | null
          onboarding_step: string
          rejection_reason: string | null
          sustainability_statement: string | null
          updated_at: string
          website: string | null
        }
        Insert: {
          approval_status?: string
          approved_at?: string | null
          approved_by?: string | null
          company_name: string
          country?: string | null
          created_at?: string
          description?: string | null
          id: string
          logo_url?: string | null
          onboarding_step?: string
          rejection_reason?: string | null
          sustainability_statement?: string | null
          updated_at?: string
          website?: string | null
        }
        Update: {
          approval_status?: string
          approved_at?: string | null
          approved_by?: string | null
          company_name?: string
          country?: string | null
          created_at?: string
          description?: string | null
          id?: string
          logo_url?: string | null
          onboarding_step?: string
          rejection_reason?: string | null
          sustainability_statement?: string | null
          updated_at?: string
          website?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "merchant_profiles_approved_by_fkey"
            columns: ["approved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "merchant_profiles_approved_by_fkey"
            columns: ["approved_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "merchant_profiles_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "merchant_profiles_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          body: string
          conversation_id: string
          created_at: string
          id: string
          read_at: string | null
          sender_id: string
        }
        Insert: {
          body: string
          conversation_id: string
          created_at?: string
          id?: string
          read_at?: string | null
          sender_id: string
        }
        Update: {
          body?: string
          conversation_id?: string
          created_at?: string
          id?: string
          read_at?: string | null
          sender_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      module_progress: {
        Row: {
          completed_at: string
          module_id: string
          user_id: string
        }
        Insert: {
          completed_at?: string
          module_id: string
          user_id: string
        }
        Update: {
          completed_at?: string
          module_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "module_progress_module_id_fkey"
            columns: ["module_id"]
            isOneToOne: false
            referencedRelation: "course_modules"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "module_progress_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "module_progress_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      order_items: {
        Row: {
          currency: string
          id: string
          line_total_cents: number
          order_id: string
          product_id: string | null
          product_name: string
          quantity: number
          unit_price_cents: number
        }
        Insert: {
          currency: string
          id?: string
          line_total_cents: number
          order_id: string
          product_id?: string | null
          product_name: string
          quantity: number
          unit_price_cents: number
        }
        Update: {
          currency?: string
          id?: string
          line_total_cents?: number
          order_id?: string
          product_id?: string | null
          product_name?: string
          quantity?: number
          unit_price_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          affiliate_amount_cents: number
          affiliate_link_id: string | null
          attributed_affiliate_id: string | null
          buyer_email: string | null
          buyer_id: string | null
          checkout_key: string | null
          click_id: number | null
          click_ref: string | null
          created_at: string
          currency: string
          id: string
          merchant_amount_cents: number
          merchant_id: string
          paid_at: string | null
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_at: string | null
          refunded_cents: number
          self_referral: boolean
          shipping_address: Json | null
          status: string
          stock_reserved: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          subtotal_cents: number
          total_cents: number
          updated_at: string
        }
        Insert: {
          affiliate_amount_cents?: number
          affiliate_link_id?: string | null
          attributed_affiliate_id?: string | null
          buyer_email?: string | null
          buyer_id?: string | null
          checkout_key?: string | null
          click_id?: number | null
          click_ref?: string | null
          created_at?: string
          currency?: string
          id?: string
          merchant_amount_cents?: number
          merchant_id: string
          paid_at?: string | null
          payment_fee_cents?: number
          platform_fee_cents?: number
          refunded_at?: string | null
          refunded_cents?: number
          self_referral?: boolean
          shipping_address?: Json | null
          status?: string
          stock_reserved?: boolean
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          subtotal_cents?: number
          total_cents?: number
          updated_at?: string
        }
        Update: {
          affiliate_amount_cents?: number
          affiliate_link_id?: string | null
          attributed_affiliate_id?: string | null
          buyer_email?: string | null
          buyer_id?: string | null
          checkout_key?: string | null
          click_id?: number | null
          click_ref?: string | null
          created_at?: string
          currency?: string
          id?: string
          merchant_amount_cents?: number
          merchant_id?: string
          paid_at?: string | null
          payment_fee_cents?: number
          platform_fee_cents?: number
          refunded_at?: string | null
          refunded_cents?: number
          self_referral?: boolean
          shipping_address?: Json | null
          status?: string
          stock_reserved?: boolean
          stripe_checkout_session_id?: string | null
          stripe_payment_intent_id?: string | null
          subtotal_cents?: number
          total_cents?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "orders_affiliate_link_id_fkey"
            columns: ["affiliate_link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_attributed_affiliate_id_fkey"
            columns: ["attributed_affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_attributed_affiliate_id_fkey"
            columns: ["attributed_affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_click_id_fkey"
            columns: ["click_id"]
            isOneToOne: false
            referencedRelation: "link_clicks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "merchant_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      payouts: {
        Row: {
          affiliate_id: string
          amount_cents: number
          created_at: string
          currency: string
          id: string
          paid_at: string | null
          period_end: string | null
          period_start: string | null
          status: string
          stripe_transfer_id: string | null
          updated_at: string
        }
        Insert: {
          affiliate_id: string
          amount_cents: number
          created_at?: string
          currency?: string
          id?: string
          paid_at?: string | null
          period_end?: string | null
          period_start?: string | null
          status?: string
          stripe_transfer_id?: string | null
          updated_at?: string
        }
        Update: {
          affiliate_id?: string
          amount_cents?: number
          created_at?: string
          currency?: string
          id?: string
          paid_at?: string | null
          period_end?: string | null
          period_start?: string | null
          status?: string
          stripe_transfer_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payouts_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payouts_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      posts: {
        Row: {
          author_id: string
          body: string
          category: string
          created_at: string
          id: string
          is_pinned: boolean
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          author_id: string
          body: string
          category?: string
          created_at?: string
          id?: string
          is_pinned?: boolean
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          author_id?: string
          body?: string
          category?: string
          created_at?: string
          id?: string
          is_pinned?: boolean
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "posts_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "posts_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      products: {
        Row: {
          category: string
          co2e_grams: number | null
          co2e_source: string | null
          created_at: string
          currency: string
          description: string | null
          id: string
          images: string[]
          merchant_id: string
          name: string
          price_cents: number
          rejection_reason: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          slug: string
          status: string
          stock: number | null
          sustainability_attributes: string[]
          updated_at: string
        }
        Insert: {
          category?: string
          co2e_grams?: number | null
          co2e_source?: string | null
          created_at?: string
          currency?: string
          description?: string | null
          id?: string
          images?: string[]
          merchant_id: string
          name: string
          price_cents: number
          rejection_reason?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          slug: string
          status?: string
          stock?: number | null
          sustainability_attributes?: string[]
          updated_at?: string
        }
        Update: {
          category?: string
          co2e_grams?: number | null
          co2e_source?: string | null
          created_at?: string
          currency?: string
          description?: string | null
          id?: string
          images?: string[]
          merchant_id?: string
          name?: string
          price_cents?: number
          rejection_reason?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          slug?: string
          status?: string
          stock?: number | null
          sustainability_attributes?: string[]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "products_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "merchant_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "products_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "products_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          bio: string | null
          created_at: string
          has_active_subscription: boolean
          has_completed_onboarding: boolean
          id: string
          invited_by: string | null
          name: string
          profile_image: string | null
          role: string
          subscription_end_date: string | null
          subscription_tier: string | null
          updated_at: string
          username: string
        }
        Insert: {
          bio?: string | null
          created_at?: string
          has_active_subscription?: boolean
          has_completed_onboarding?: boolean
          id: string
          invited_by?: string | null
          name: string
          profile_image?: string | null
          role?: string
          subscription_end_date?: string | null
          subscription_tier?: string | null
          updated_at?: string
          username: string
        }
        Update: {
          bio?: string | null
          created_at?: string
          has_active_subscription?: boolean
          has_completed_onboarding?: boolean
          id?: string
          invited_by?: string | null
          name?: string
          profile_image?: string | null
          role?: string
          subscription_end_date?: string | null
          subscription_tier?: string | null
          updated_at?: string
          username?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "profiles_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      program_memberships: {
        Row: {
          affiliate_id: string
          application_note: string | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          id: string
          program_id: string
          status: string
          updated_at: string
        }
        Insert: {
          affiliate_id: string
          application_note?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          program_id: string
          status?: string
          updated_at?: string
        }
        Update: {
          affiliate_id?: string
          application_note?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          program_id?: string
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "program_memberships_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_memberships_affiliate_id_fkey"
            columns: ["affiliate_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_memberships_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_memberships_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_memberships_program_id_fkey"
            columns: ["program_id"]
            isOneToOne: false
            referencedRelation: "affiliate_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      reactions: {
        Row: {
          comment_id: string | null
          created_at: string
          id: string
          kind: string
          post_id: string | null
          user_id: string
        }
        Insert: {
          comment_id?: string | null
          created_at?: string
          id?: string
          kind: string
          post_id?: string | null
          user_id: string
        }
        Update: {
          comment_id?: string | null
          created_at?: string
          id?: string
          kind?: string
          post_id?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "reactions_comment_id_fkey"
            columns: ["comment_id"]
            isOneToOne: false
            referencedRelation: "comments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "posts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reports: {
        Row: {
          comment_id: string | null
          created_at: string
          details: string | null
          id: string
          post_id: string | null
          reason: string
          reporter_id: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          status: string
        }
        Insert: {
          comment_id?: string | null
          created_at?: string
          details?: string | null
          id?: string
          post_id?: string | null
          reason: string
          reporter_id?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
        }
        Update: {
          comment_id?: string | null
          created_at?: string
          details?: string | null
          id?: string
          post_id?: string | null
          reason?: string
          reporter_id?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "reports_comment_id_fkey"
            columns: ["comment_id"]
            isOneToOne: false
            referencedRelation: "comments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "posts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      role_change_audit: {
        Row: {
          actor_id: string | null
          created_at: string
          id: number
          new_role: string
          old_role: string
          target_id: string | null
        }
        Insert: {
          actor_id?: string | null
          created_at?: string
          id?: never
          new_role: string
          old_role: string
          target_id?: string | null
        }
        Update: {
          actor_id?: string | null
          created_at?: string
          id?: never
          new_role?: string
          old_role?: string
          target_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "role_change_audit_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "role_change_audit_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "role_change_audit_target_id_fkey"
            columns: ["target_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "role_change_audit_target_id_fkey"
            columns: ["target_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      storefront_items: {
        Row: {
          affiliate_link_id: string | null
          created_at: string
          id: string
          note: string | null
          position: number
          product_id: string
          storefront_id: string
        }
        Insert: {
          affiliate_link_id?: string | null
          created_at?: string
          id?: string
          note?: string | null
          position?: number
          product_id: string
          storefront_id: string
        }
        Update: {
          affiliate_link_id?: string | null
          created_at?: string
          id?: string
          note?: string | null
          position?: number
          product_id?: string
          storefront_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "storefront_items_affiliate_link_id_fkey"
            columns: ["affiliate_link_id"]
            isOneToOne: false
            referencedRelation: "affiliate_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "storefront_items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "storefront_items_storefront_id_fkey"
            columns: ["storefront_id"]
            isOneToOne: false
            referencedRelation: "storefronts"
            referencedColumns: ["id"]
          },
        ]
      }
      storefronts: {
        Row: {
          banner_url: string | null
          created_at: string
          description: string | null
          id: string
          is_published: boolean
          owner_id: string
          slug: string
          theme: string
          title: string
          updated_at: string
        }
        Insert: {
          banner_url?: string | null
          created_at?: string
          description?: string | null
          id?: string
          is_published?: boolean
          owner_id: string
          slug: string
          theme?: string
          title: string
          updated_at?: string
        }
        Update: {
          banner_url?: string | null
          created_at?: string
          description?: string | null
          id?: string
          is_published?: boolean
          owner_id?: string
          slug?: string
          theme?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "storefronts_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "storefronts_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      stripe_events: {
        Row: {
          id: string
          livemode: boolean
          payload: Json
          processed_at: string | null
          processing_error: string | null
          received_at: string
          type: string
        }
        Insert: {
          id: string
          livemode?: boolean
          payload: Json
          processed_at?: string | null
          processing_error?: string | null
          received_at?: string
          type: string
        }
        Update: {
          id?: string
          livemode?: boolean
          payload?: Json
          processed_at?: string | null
          processing_error?: string | null
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      subscription_checkouts: {
        Row: {
          created_at: string
          generation: number
          session_id: string
          tier: string
          user_id: string
        }
        Insert: {
          created_at?: string
          generation: number
          session_id: string
          tier: string
          user_id: string
        }
        Update: {
          created_at?: string
          generation?: number
          session_id?: string
          tier?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscription_checkouts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "subscription_checkouts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          created_at: string
          current_period_end: string | null
          id: string
          status: string
          stripe_customer_id: string | null
          stripe_event_at: string | null
          stripe_price_id: string | null
          stripe_subscription_id: string | null
          tier: string
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          id?: string
          status: string
          stripe_customer_id?: string | null
          stripe_event_at?: string | null
          stripe_price_id?: string | null
          stripe_subscription_id?: string | null
          tier: string
          updated_at?: string
          user_id: string
        }
        Update: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          id?: string
          status?: string
          stripe_customer_id?: string | null
          stripe_event_at?: string | null
          stripe_price_id?: string | null
          stripe_subscription_id?: string | null
          tier?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      sustainability_claims: {
        Row: {
          category: string
          claim: string
          created_at: string
          evidence_document: string | null
          evidence_url: string | null
          expires_on: string | null
          id: string
          issued_on: string | null
          issuer: string | null
          merchant_id: string
          product_id: string | null
          review_notes: string | null
          review_status: string
          reviewed_at: string | null
          reviewed_by: string | null
          scope: string | null
          updated_at: string
        }
        Insert: {
          category?: string
          claim: string
          created_at?: string
          evidence_document?: string | null
          evidence_url?: string | null
          expires_on?: string | null
          id?: string
          issued_on?: string | null
          issuer?: string | null
          merchant_id: string
          product_id?: string | null
          review_notes?: string | null
          review_status?: string
          reviewed_at?: string | null
          reviewed_by?: string | null
          scope?: string | null
          updated_at?: string
        }
        Update: {
          category?: string
          claim?: string
          created_at?: string
          evidence_document?: string | null
          evidence_url?: string | null
          expires_on?: string | null
          id?: string
          issued_on?: string | null
          issuer?: string | null
          merchant_id?: string
          product_id?: string | null
          review_notes?: string | null
          review_status?: string
          reviewed_at?: string | null
          reviewed_by?: string | null
          scope?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "sustainability_claims_merchant_id_fkey"
            columns: ["merchant_id"]
            isOneToOne: false
            referencedRelation: "merchant_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sustainability_claims_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sustainability_claims_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sustainability_claims_reviewed_by_fkey"
            columns: ["reviewed_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      public_profiles: {
        Row: {
          bio: string | null
          id: string | null
          name: string | null
          profile_image: string | null
          username: string | null
        }
        Insert: {
          bio?: string | null
          id?: string | null
          name?: string | null
          profile_image?: string | null
          username?: string | null
        }
        Update: {
          bio?: string | null
          id?: string | null
          name?: string | null
          profile_image?: string | null
          username?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      active_link_code_for_product: {
        Args: { owner: string; product: string }
        Returns: string
      }
      admin_list_users: {
        Args: { search?: string }
        Returns: {
          created_at: string
          email: string
          has_active_subscription: boolean
          has_completed_onboarding: boolean
          id: string
          name: string
          profile_image: string
          role: string
          subscription_end_date: string
          subscription_tier: string
          updated_at: string
          username: string
        }[]
      }
      admin_platform_metrics: { Args: { days?: number }; Returns: Json }
      affiliate_dashboard: { Args: { days?: number }; Returns: Json }
      all_web_or_site_urls: { Args: { values_: string[] }; Returns: boolean }
      apply_stripe_event: {
        Args: { event: Json; payment_fee_cents?: number }
        Returns: string
      }
      can_open_conversation: {
        Args: { affiliate: string; merchant: string }
        Returns: boolean
      }
      can_post: { Args: never; Returns: boolean }
      can_read_engagement_metrics: { Args: never; Returns: boolean }
      change_user_role: {
        Args: { new_role: string; target_id: string }
        Returns: undefined
      }
      checkout_order_replay: {
        Args: {
          buyer: string
          click_ref: string
          items: Json
          o: Database["public"]["Tables"]["orders"]["Row"]
        }
        Returns: {
          affiliate_amount_cents: number
          affiliate_link_id: string | null
          attributed_affiliate_id: string | null
          buyer_email: string | null
          buyer_id: string | null
          checkout_key: string | null
          click_id: number | null
          click_ref: string | null
          created_at: string
          currency: string
          id: string
          merchant_amount_cents: number
          merchant_id: string
          paid_at: string | null
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_at: string | null
          refunded_cents: number
          self_referral: boolean
          shipping_address: Json | null
          status: string
          stock_reserved: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          subtotal_cents: number
          total_cents: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      commission_roll_up_apply: {
        Args: {
          c: Database["public"]["Tables"]["commissions"]["Row"]
          sign: number
        }
        Returns: undefined
      }
      complete_onboarding: {
        Args: never
        Returns: {
          bio: string | null
          created_at: string
          has_active_subscription: boolean
          has_completed_onboarding: boolean
          id: string
          invited_by: string | null
          name: string
          profile_image: string | null
          role: string
          subscription_end_date: string | null
          subscription_tier: string | null
          updated_at: string
          username: string
        }
        SetofOptions: {
          from: "*"
          to: "profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      count_admins_excluding: { Args: { excluded_id: string }; Returns: number }
      create_checkout_order: {
        Args: {
          buyer: string
          buyer_email: string
          checkout_key?: string
          click_ref?: string
          items: Json
        }
        Returns: {
          affiliate_amount_cents: number
          affiliate_link_id: string | null
          attributed_affiliate_id: string | null
          buyer_email: string | null
          buyer_id: string | null
          checkout_key: string | null
          click_id: number | null
          click_ref: string | null
          created_at: string
          currency: string
          id: string
          merchant_amount_cents: number
          merchant_id: string
          paid_at: string | null
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_at: string | null
          refunded_cents: number
          self_referral: boolean
          shipping_address: Json | null
          status: string
          stock_reserved: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          subtotal_cents: number
          total_cents: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_payout: {
        Args: { affiliate: string; currency?: string }
        Returns: {
          affiliate_id: string
          amount_cents: number
          created_at: string
          currency: string
          id: string
          paid_at: string | null
          period_end: string | null
          period_start: string | null
          status: string
          stripe_transfer_id: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "payouts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      current_user_role: { Args: never; Returns: string }
      email_mailbox: { Args: { address: string }; Returns: string }
      has_required_aal: { Args: never; Returns: boolean }
      is_admin: { Args: never; Returns: boolean }
      is_approved_merchant: { Args: { merchant: string }; Returns: boolean }
      is_conversation_participant: {
        Args: { conversation: string }
        Returns: boolean
      }
      is_conversation_partner: { Args: { other: string }; Returns: boolean }
      is_enrolled_in_module_course: {
        Args: { module: string }
        Returns: boolean
      }
      is_own_content: {
        Args: { comment: string; post: string }
        Returns: boolean
      }
      is_program_member: { Args: { program: string }; Returns: boolean }
      is_program_partner: { Args: { other: string }; Returns: boolean }
      is_public_product: { Args: { product: string }; Returns: boolean }
      is_published_course: { Args: { course: string }; Returns: boolean }
      is_published_link_page: { Args: { page: string }; Returns: boolean }
      is_published_storefront: {
        Args: { storefront: string }
        Returns: boolean
      }
      is_reserved_username: { Args: { value: string }; Returns: boolean }
      is_safe_link_destination: { Args: { value: string }; Returns: boolean }
      is_service_or_admin: { Args: never; Returns: boolean }
      is_url_slug: { Args: { value: string }; Returns: boolean }
      is_visible_comment: { Args: { comment: string }; Returns: boolean }
      is_visible_post: { Args: { post: string }; Returns: boolean }
      is_web_or_site_url: { Args: { value: string }; Returns: boolean }
      issue_certificate: {
        Args: { course: string }
        Returns: {
          code: string
          course_id: string
          id: string
          issued_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "certificates"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      link_audience: {
        Args: { days?: number; link_id?: string }
        Returns: {
          clicks: number
          dimension: string
          unique_clicks: number
          value: string
        }[]
      }
      mark_payout_paid: {
        Args: { paid_at?: string; payout: string; transfer_id: string }
        Returns: {
          affiliate_id: string
          amount_cents: number
          created_at: string
          currency: string
          id: string
          paid_at: string | null
          period_end: string | null
          period_start: string | null
          status: string
          stripe_transfer_id: string | null
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payouts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      marketing_figures: {
        Args: never
        Returns: {
          active_programs: number
          affiliates: number
          approved_merchants: number
          approved_products: number
          as_of: string
          clicks_30d: number
          median_commission_bps: number
          median_cookie_window_days: number
          median_holding_days: number
          orders_paid: number
          tracked_links: number
          verified_claims: number
        }[]
      }
      merchant_affiliates: {
        Args: never
        Returns: {
          affiliate_id: string
          application_note: string
          applied_at: string
          clicks: number
          commission_cents: number
          decided_at: string
          membership_id: string
          name: string
          orders: number
          profile_image: string
          program_id: string
          program_name: string
          revenue_cents: number
          status: string
          username: string
        }[]
      }
      merchant_dashboard: {
        Args: { days?: number; merchant?: string }
        Returns: Json
      }
      my_conversations: {
        Args: never
        Returns: {
          affiliate_id: string
          counterpart_id: string
          counterpart_image: string
          counterpart_name: string
          counterpart_username: string
          created_at: string
          id: string
          last_message: string
          last_message_at: string
          merchant_id: string
          program_id: string
          subject: string
          unread: number
        }[]
      }
      my_invitations: {
        Args: never
        Returns: {
          has_page: boolean
          id: string
          joined_at: string
          name: string
          role: string
          total: number
          username: string
        }[]
      }
      my_link_ids: { Args: never; Returns: string[] }
      my_link_page_preview_items: {
        Args: never
        Returns: {
          id: string
          is_visible: boolean
          item_position: number
          kind: string
          label: string
          link_code: string
          link_title: string
          product_name: string
          product_slug: string
          url: string
        }[]
      }
      my_order_ids: { Args: never; Returns: string[] }
      my_program_link_ids: { Args: never; Returns: string[] }
      order_payment_status: { Args: { order_id: string }; Returns: string }
      order_shipping_destination: { Args: { order_id: string }; Returns: Json }
      owns_link: { Args: { link: string }; Returns: boolean }
      owns_link_page: { Args: { page: string }; Returns: boolean }
      owns_program: { Args: { program: string }; Returns: boolean }
      owns_storefront: { Args: { storefront: string }; Returns: boolean }
      plan_limit_for: {
        Args: { owner: string; resource: string }
        Returns: number
      }
      platform_fee_bps: { Args: never; Returns: number }
      public_link_page: { Args: { page_username: string }; Returns: Json }
      public_link_page_items: {
        Args: { page_username: string }
        Returns: {
          id: string
          item_position: number
          kind: string
          label: string
          link_code: string
          link_title: string
          product_name: string
          product_slug: string
          url: string
        }[]
      }
      public_program_terms: {
        Args: { max_rows?: number }
        Returns: {
          commission_flat_cents: number
          commission_rate_bps: number
          commission_type: string
          cookie_window_days: number
          currency: string
          holding_days: number
          merchant_name: string
          program_id: string
          program_name: string
        }[]
      }
      public_storefront: { Args: { storefront_slug: string }; Returns: Json }
      public_storefront_items: {
        Args: { storefront_slug: string }
        Returns: {
          id: string
          item_position: number
          link_code: string
          note: string
          product_id: string
        }[]
      }
      record_order_payment: {
        Args: {
          paid_at?: string
          payment_fee_cents: number
          payment_intent: string
          target: string
        }
        Returns: {
          affiliate_amount_cents: number
          affiliate_link_id: string | null
          attributed_affiliate_id: string | null
          buyer_email: string | null
          buyer_id: string | null
          checkout_key: string | null
          click_id: number | null
          click_ref: string | null
          created_at: string
          currency: string
          id: string
          merchant_amount_cents: number
          merchant_id: string
          paid_at: string | null
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_at: string | null
          refunded_cents: number
          self_referral: boolean
          shipping_address: Json | null
          status: string
          stock_reserved: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          subtotal_cents: number
          total_cents: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_order_refund: {
        Args: {
          refunded_at?: string
          refunded_total_cents: number
          target: string
        }
        Returns: {
          affiliate_amount_cents: number
          affiliate_link_id: string | null
          attributed_affiliate_id: string | null
          buyer_email: string | null
          buyer_id: string | null
          checkout_key: string | null
          click_id: number | null
          click_ref: string | null
          created_at: string
          currency: string
          id: string
          merchant_amount_cents: number
          merchant_id: string
          paid_at: string | null
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_at: string | null
          refunded_cents: number
          self_referral: boolean
          shipping_address: Json | null
          status: string
          stock_reserved: boolean
          stripe_checkout_session_id: string | null
          stripe_payment_intent_id: string | null
          subtotal_cents: number
          total_cents: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      refresh_commission_roll_ups: { Args: never; Returns: undefined }
      refresh_link_click_daily: { Args: never; Returns: undefined }
      release_due_commissions: { Args: { as_of?: string }; Returns: number }
      reserved_usernames: { Args: never; Returns: string[] }
      revenue_transparency: {
        Args: { months?: number }
        Returns: {
          affiliate_cents: number
          currency: string
          gross_cents: number
          merchant_cents: number
          month: string
          orders: number
          payment_fee_cents: number
          platform_fee_cents: number
          refunded_cents: number
        }[]
      }
      run_payouts: {
        Args: {
          as_of?: string
          minimum_cents?: number
          payout_currency?: string
        }
        Returns: {
          affiliate_id: string
          amount_cents: number
          created_at: string
          currency: string
          id: string
          paid_at: string | null
          period_end: string | null
          period_start: string | null
          status: string
          stripe_transfer_id: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "payouts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      run_scheduled_payouts: {
        Args: { minimum_cents?: number }
        Returns: {
          affiliate_id: string
          amount_cents: number
          created_at: string
          currency: string
          id: string
          paid_at: string | null
          period_end: string | null
          period_start: string | null
          status: string
          stripe_transfer_id: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "payouts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      sanitize_plain_text: { Args: { value: string }; Returns: string }
      shipping_address_from_stripe: { Args: { details: Json }; Returns: Json }
      shipping_address_problem: { Args: { address: Json }; Returns: string }
      storefront_limit_for: { Args: { owner: string }; Returns: number }
      sync_profile_subscription: {
        Args: { target: string }
        Returns: undefined
      }
      user_role_of: { Args: { target: string }; Returns: string }
      username_base: { Args: { source: string }; Returns: string }
      verify_certificate: {
        Args: { certificate_code: string }
        Returns: {
          course_slug: string
          course_title: string
          holder_name: string
          issued_at: string
        }[]
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

